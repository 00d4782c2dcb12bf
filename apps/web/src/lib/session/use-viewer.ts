import { homeRouteOf, viewerOf, type Viewer } from '../roles';
import { useMyRoles } from './get-my-roles';

/**
 * What the signed-in user is in their current company (GET /me/role): admin, driver, both or neither. `viewer` is
 * null while the roles load; roles that could not be loaded count as none (the office's menus, as before roles
 * were asked). The server stays the gate; this picks what to show.
 */
export function useViewer(): { viewer: Viewer | null; isPending: boolean } {
  const { data, isPending, error } = useMyRoles();
  const viewer = data ? viewerOf(data.map((role) => role.slug)) : error ? viewerOf([]) : null;
  return { viewer, isPending: isPending && !error };
}

/** Where "home" is for this user: a driver's deliveries, or the company dashboard. */
export function useHomeRoute(): string {
  return homeRouteOf(useViewer().viewer);
}
