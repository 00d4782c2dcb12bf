import { DEFAULT_LOGGED_IN_ROUTE, type RoleSlug } from '@courier/contract';

/** The role that may manage a company's fleet, users, directories and profile. */
export const COMPANY_ADMIN_ROLE = 'company-admin' satisfies RoleSlug;
/** The role that carries the deliveries assigned to them, through the driver calls. */
export const DRIVER_ROLE = 'driver' satisfies RoleSlug;

/** The operator of the whole installation (the user's platform flag, shown as a role by GET /me/role). */
export const PLATFORM_ADMIN_ROLE = 'platform-admin' satisfies RoleSlug;

/** Where a driver who is not an admin of their company lands after sign-in (decision 018). */
export const DRIVER_HOME_ROUTE = '/DriverDashboard';
/** The platform's sent mail (decision 034): where a platform admin who has no company role lands. */
export const PLATFORM_HOME_ROUTE = '/platform/mail';

/** What the signed-in user is in their current company, as far as screens and menus care. */
export interface Viewer {
  admin: boolean;
  driver: boolean;
  /** A platform admin (whatever they are in the company). */
  platform: boolean;
}

/** Who a menu entry or shortcut is for (decision 018); an entry without one is for everyone. */
export type Audience =
  /** Company admins: the fleet, people and directory screens. */
  | 'admin'
  /** Everyone but drivers who are only drivers: the company's delivery and dashboard screens. */
  | 'office'
  /** Drivers, admins who also drive included: the driver's own screens. */
  | 'driver'
  /** Drivers and company admins: the Driver Dashboard, a driver's deliveries or an admin's view of the drivers. */
  | 'driver-or-admin'
  /** Platform admins: the installation's own screens (the sent mail). */
  | 'platform';

export function viewerOf(roleSlugs: readonly string[]): Viewer {
  return {
    admin: roleSlugs.includes(COMPANY_ADMIN_ROLE),
    driver: roleSlugs.includes(DRIVER_ROLE),
    platform: roleSlugs.includes(PLATFORM_ADMIN_ROLE),
  };
}

/** A driver without the company-admin role: the app is their deliveries. */
export const isDriverOnly = (viewer: Viewer | null): boolean =>
  viewer !== null && viewer.driver && !viewer.admin;

/**
 * Whether an entry for `audience` shows to `viewer`. While the roles load (`viewer` null) only the entries for
 * everyone show, so a driver never sees the office's menus flash by.
 */
export function canSee(audience: Audience | undefined, viewer: Viewer | null): boolean {
  if (audience === undefined) return true;
  if (viewer === null) return false;
  if (audience === 'admin') return viewer.admin;
  if (audience === 'driver') return viewer.driver;
  if (audience === 'driver-or-admin') return viewer.driver || viewer.admin;
  if (audience === 'platform') return viewer.platform;
  return !isDriverOnly(viewer);
}

/**
 * The screen a user lands on after sign-in, and where the logo leads: drivers their deliveries, a platform admin with
 * no company role the sent mail, others the company.
 */
export function homeRouteOf(viewer: Viewer | null): string {
  if (viewer?.platform && !viewer.admin && !viewer.driver) return PLATFORM_HOME_ROUTE;
  return isDriverOnly(viewer) ? DRIVER_HOME_ROUTE : DEFAULT_LOGGED_IN_ROUTE;
}
