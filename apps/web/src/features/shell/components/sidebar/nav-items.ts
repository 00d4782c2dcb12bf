import {
  IconAddressBook,
  IconBox,
  IconCalendarEvent,
  IconFileDescription,
  IconGavel,
  IconLayoutDashboard,
  IconLifebuoy,
  IconSteeringWheel,
  IconTruck,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
  IconPlus,
  IconBolt,
  IconBuilding,
  type Icon,
} from '@tabler/icons-react';
import { SUPPORT_DESK_URL } from '../../../../lib/config';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
  icon?: Icon;
  /** Opens outside the app, in a new tab. */
  external?: boolean;
  /** Shown to company admins only. */
  adminOnly?: boolean;
}

export interface NavGroupItem {
  kind: 'group';
  label: string;
  icon: Icon;
  children: NavLinkItem[];
  /** Where the group's icon leads when the easy sidebar is collapsed. */
  collapsedTo?: string;
  /** Shown to company admins only (the server answers 403 to anyone else). */
  adminOnly?: boolean;
}

export type NavItem = NavLinkItem | NavGroupItem;

export interface NavSection {
  label: string;
  items: NavItem[];
}

const link = (label: string, to: string, icon?: Icon): NavLinkItem => ({
  kind: 'link',
  label,
  to,
  ...(icon ? { icon } : {}),
});
const supportDesk: NavLinkItem = {
  kind: 'link',
  label: 'Support Desk',
  to: SUPPORT_DESK_URL,
  icon: IconLifebuoy,
  external: true,
};

const fleetChildren = [
  link('Manage Vehicles', '/VehicleManage'),
  link('Add Vehicles', '/VehicleAdd'),
  link('Add Vehicle Type', '/VehicleTypeAdd'),
];
const parcelGroup: NavGroupItem = {
  kind: 'group',
  label: 'Parcel Management',
  icon: IconBox,
  collapsedTo: '/ParcelAdd',
  children: [link('Add New Parcel', '/ParcelAdd'), link('Track Parcel', '/ParcelTrack')],
};
const directoriesGroup: NavGroupItem = {
  kind: 'group',
  adminOnly: true,
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
      link('Company Dashboard', '/CompanyDashboard', IconLayoutDashboard),
      link('Add New Delivery', '/DeliveryAdd', IconPlus),
      link('Easy Add Delivery', '/DeliveryAddEasy', IconBolt),
    ],
  },
  {
    label: 'Courier',
    items: [
      link('Courier Dashboard', '/CourierDashboard', IconTruckDelivery),
      link('Bidding Dashboard', '/BiddingDashboard', IconGavel),
      {
        kind: 'group',
        adminOnly: true,
        label: 'Fleet Management',
        icon: IconTruck,
        children: [link('Dashboard', '/FleetManagement'), ...fleetChildren],
      },
      parcelGroup,
      directoriesGroup,
      { kind: 'group', adminOnly: true, label: 'Company Users', icon: IconUsers, children: userChildren },
      link('Bidding Detail', '/BidDetail', IconFileDescription),
    ],
  },
  { label: 'Driver', items: [link('Driver Dashboard', '/DriverDashboard', IconSteeringWheel)] },
  {
    label: 'Account',
    items: [
      link('Company Profile', '/AccountPages/CompanyProfile', IconBuilding),
      link('User Profile', '/AccountPages/UserProfile', IconUserCircle),
    ],
  },
  { label: 'Support', items: [supportDesk] },
];

/** The easy layout's sidebar (spec section 2 "Easy sidebar"). */
export const EASY_NAV: NavItem[] = [
  link('Dashboard', '/CompanyDashboard', IconLayoutDashboard),
  link('Delivery Calendar', '/DeliveryCalendar', IconCalendarEvent),
  link('Add Delivery', '/DeliveryAddEasy', IconPlus),
  {
    kind: 'group',
    adminOnly: true,
    label: 'Fleet Management',
    icon: IconTruck,
    collapsedTo: '/FleetManagement',
    children: fleetChildren,
  },
  parcelGroup,
  directoriesGroup,
  {
    kind: 'group',
    adminOnly: true,
    label: 'User Management',
    icon: IconUsers,
    collapsedTo: '/DriversManage',
    children: userChildren,
  },
  link('Driver Dashboard', '/DriverDashboard', IconSteeringWheel),
  supportDesk,
];

/** The entries a user sees: admin-only ones are left out for everyone but company admins. */
export function visibleItems(items: NavItem[], isAdmin: boolean): NavItem[] {
  return items.filter((item) => isAdmin || !item.adminOnly);
}

/** Paths compare without letter case, as the router matches them. */
export function isPathActive(pathname: string, to: string): boolean {
  return pathname.toLowerCase() === to.toLowerCase();
}

export function isItemActive(pathname: string, item: NavItem): boolean {
  if (item.kind === 'link') return !item.external && isPathActive(pathname, item.to);
  return item.children.some((child) => isItemActive(pathname, child));
}
