import {
  IconAddressBook,
  IconBox,
  IconCalendarEvent,
  IconFileDescription,
  IconGavel,
  IconLayoutDashboard,
  IconLifebuoy,
  IconMap2,
  IconSteeringWheel,
  IconTruck,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
  IconPlus,
  IconBolt,
  IconBuilding,
  IconListCheck,
  IconMailOpened,
  IconMessage2,
  IconPlugConnected,
  IconRoute,
  type Icon,
} from '@tabler/icons-react';
import { SUPPORT_DESK_URL } from '../../../../lib/config';
import { canSee, type Audience, type Viewer } from '../../../../lib/roles';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
  icon?: Icon;
  /** Opens outside the app, in a new tab. */
  external?: boolean;
  /** Who sees it (decision 018); everyone when unset. */
  audience?: Audience;
}

export interface NavGroupItem {
  kind: 'group';
  label: string;
  icon: Icon;
  children: NavLinkItem[];
  /** Where the group's icon leads when the easy sidebar is collapsed. */
  collapsedTo?: string;
  /** Who sees it (decision 018); everyone when unset. The server answers 403 to anyone else. */
  audience?: Audience;
}

export type NavItem = NavLinkItem | NavGroupItem;

export interface NavSection {
  label: string;
  items: NavItem[];
}

const link = (label: string, to: string, icon?: Icon, audience?: Audience): NavLinkItem => ({
  kind: 'link',
  label,
  to,
  ...(icon ? { icon } : {}),
  ...(audience ? { audience } : {}),
});
/** The server's redirect to the install's SUPPORT_URL (decision 061), in a new tab. */
const supportDesk: NavLinkItem = {
  kind: 'link',
  label: 'Support Desk',
  to: SUPPORT_DESK_URL,
  icon: IconLifebuoy,
  external: true,
};
/** A driver's deliveries; to an admin who does not drive, the company's drivers and their day (decision 061). */
const driverDashboard = link('Driver Dashboard', '/DriverDashboard', IconSteeringWheel, 'driver-or-admin');

const fleetChildren = [
  link('Manage Vehicles', '/VehicleManage'),
  link('Add Vehicles', '/VehicleAdd'),
  link('Add Vehicle Type', '/VehicleTypeAdd'),
];
const parcelGroup: NavGroupItem = {
  kind: 'group',
  audience: 'office',
  label: 'Parcel Management',
  icon: IconBox,
  collapsedTo: '/ParcelAdd',
  children: [link('Add New Parcel', '/ParcelAdd'), link('Track Parcel', '/ParcelTrack')],
};
const directoriesGroup: NavGroupItem = {
  kind: 'group',
  audience: 'admin',
  label: 'Directories',
  icon: IconAddressBook,
  collapsedTo: '/Clients',
  children: [link('Clients', '/Clients'), link('Addresses', '/Addresses')],
};
const userChildren = [
  link('Manage Drivers', '/DriversManage'),
  link('Add Driver', '/DriverAdd'),
  link('Add Admin', '/AdminAddCompany'),
];

/** The default layout's sidebar (spec section 2 "Full sidebar"). */
export const FULL_NAV: NavSection[] = [
  {
    label: 'Company',
    items: [
      link('Company Dashboard', '/CompanyDashboard', IconLayoutDashboard, 'office'),
      link('Add New Delivery', '/DeliveryAdd', IconPlus, 'office'),
      link('Easy Add Delivery', '/DeliveryAddEasy', IconBolt, 'office'),
      link('Active Deliveries Map', '/ActiveDeliveriesMap', IconMap2, 'admin'),
      // The dispatch board (issue 35): company admins plan the drivers' routes.
      link('Dispatch', '/Dispatch', IconRoute, 'admin'),
    ],
  },
  {
    label: 'Courier',
    items: [
      link('Courier Dashboard', '/CourierDashboard', IconTruckDelivery, 'office'),
      link('Bidding Dashboard', '/BiddingDashboard', IconGavel, 'office'),
      {
        kind: 'group',
        audience: 'admin',
        label: 'Fleet Management',
        icon: IconTruck,
        children: [link('Dashboard', '/FleetManagement'), ...fleetChildren],
      },
      parcelGroup,
      directoriesGroup,
      { kind: 'group', audience: 'admin', label: 'Company Users', icon: IconUsers, children: userChildren },
      link('Bidding Detail', '/BidDetail', IconFileDescription, 'office'),
    ],
  },
  { label: 'Driver', items: [driverDashboard] },
  {
    label: 'Account',
    items: [
      link('Company Profile', '/AccountPages/CompanyProfile', IconBuilding),
      link('Integrations', '/AccountPages/Integrations', IconPlugConnected, 'admin'),
      // What a delivery's recipients are told, by text message or e-mail (issue 36).
      link('Recipient Messages', '/AccountPages/RecipientMessages', IconMessage2, 'admin'),
      link('User Profile', '/AccountPages/UserProfile', IconUserCircle),
    ],
  },
  {
    label: 'Platform',
    items: [
      link('Sent Mail', '/platform/mail', IconMailOpened, 'platform'),
      link('Jobs', '/platform/jobs', IconListCheck, 'platform'),
    ],
  },
  { label: 'Support', items: [supportDesk] },
];

/** The easy layout's sidebar (spec section 2 "Easy sidebar"). */
export const EASY_NAV: NavItem[] = [
  link('Dashboard', '/CompanyDashboard', IconLayoutDashboard, 'office'),
  link('Delivery Calendar', '/DeliveryCalendar', IconCalendarEvent, 'office'),
  link('Active Deliveries Map', '/ActiveDeliveriesMap', IconMap2, 'admin'),
  link('Dispatch', '/Dispatch', IconRoute, 'admin'),
  link('Add Delivery', '/DeliveryAddEasy', IconPlus, 'office'),
  {
    kind: 'group',
    audience: 'admin',
    label: 'Fleet Management',
    icon: IconTruck,
    collapsedTo: '/FleetManagement',
    children: fleetChildren,
  },
  parcelGroup,
  directoriesGroup,
  {
    kind: 'group',
    audience: 'admin',
    label: 'User Management',
    icon: IconUsers,
    collapsedTo: '/DriversManage',
    children: userChildren,
  },
  driverDashboard,
  link('Sent Mail', '/platform/mail', IconMailOpened, 'platform'),
  link('Jobs', '/platform/jobs', IconListCheck, 'platform'),
  supportDesk,
];

/** The entries a user sees, by their audience (decision 018); `viewer` is null while the roles load. */
export function visibleItems(items: NavItem[], viewer: Viewer | null): NavItem[] {
  return items.filter((item) => canSee(item.audience, viewer));
}

/** The sections of the full sidebar a user sees, without the ones left empty. */
export function visibleSections(sections: NavSection[], viewer: Viewer | null): NavSection[] {
  return sections
    .map((section) => ({ ...section, items: visibleItems(section.items, viewer) }))
    .filter((section) => section.items.length > 0);
}

/** Paths compare without letter case, as the router matches them. */
export function isPathActive(pathname: string, to: string): boolean {
  return pathname.toLowerCase() === to.toLowerCase();
}

export function isItemActive(pathname: string, item: NavItem): boolean {
  if (item.kind === 'link') return !item.external && isPathActive(pathname, item.to);
  return item.children.some((child) => isItemActive(pathname, child));
}
