/**
 * Every route of the app as plain data (no React, no imports), so Node tools such as the end-to-end tests can
 * iterate over it. `router.tsx` turns it into the data router; each id gets its lazily loaded screen there.
 */

export type LayoutName = 'blank' | 'default' | 'easy';

export interface RouteEntry {
  /** Stable name of the route; the router maps it to its screen. */
  id: string;
  /** Path as the router matches it (`:param` segments). */
  path: string;
  /** Shown as the screen's heading and in the document title. */
  title: string;
  layout: LayoutName;
  /** A visitable path for routes with params. */
  example?: string;
  /** Match the path's letter case exactly (needed where two paths differ only in case). */
  caseSensitive?: boolean;
  /**
   * Who a signed-in screen is for when it is not the office (company admins and staff): drivers or platform admins.
   * The end-to-end tests visit it as such a user.
   */
  audience?: 'driver' | 'platform';
}

export const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

export const ROUTES = [
  // Blank layout: marketing and sign-in screens, no navigation chrome.
  { id: 'home', path: '/', title: 'Deliveries, fleets and drivers in one place', layout: 'blank' },
  { id: 'courierAdvance', path: '/CourierAdvance', title: 'Courier Advance', layout: 'blank' },
  {
    id: 'landing',
    path: '/LandingPage',
    title: 'Deliveries, fleets and drivers in one place',
    layout: 'blank',
  },
  { id: 'login', path: '/login', title: 'Sign In', layout: 'blank' },
  { id: 'boxedSignin', path: '/auth/boxed-signin', title: 'Sign In', layout: 'blank' },
  { id: 'registerBoxed', path: '/Authentication/RegisterBoxed', title: 'Register', layout: 'blank' },
  { id: 'lockscreen', path: '/auth/boxed-lockscreen', title: 'Unlock', layout: 'blank' },
  { id: 'passwordReset', path: '/auth/boxed-password-reset', title: 'Password Reset', layout: 'blank' },
  // The e-mail verification link's screen (decision 029).
  { id: 'verifyEmail', path: '/auth/verify-email', title: 'Verify your e-mail', layout: 'blank' },
  // The links of a change of sign-in e-mail (decision 056): the new address confirms it, the old one stops it.
  {
    id: 'confirmEmailChange',
    path: '/auth/confirm-email-change',
    title: 'Confirm your new e-mail',
    layout: 'blank',
  },
  { id: 'undoEmailChange', path: '/auth/undo-email-change', title: 'Undo an e-mail change', layout: 'blank' },
  // The invitation link's screen: an invited driver or admin chooses a password (decision 032).
  {
    id: 'acceptInvitation',
    path: '/auth/accept-invitation',
    title: 'Accept your invitation',
    layout: 'blank',
  },
  { id: 'faqs', path: '/FAQs', title: 'Frequently Asked Questions', layout: 'blank' },
  { id: 'pricing', path: '/Pricing', title: 'Pricing', layout: 'blank' },
  { id: 'register', path: '/Register', title: 'Register', layout: 'blank' },
  { id: 'contact', path: '/ContactUs', title: 'Contact Us', layout: 'blank' },
  // The recipient's tracking page: public, from the link the sender shares (decision 022).
  {
    id: 'tracking',
    path: '/track/:token',
    title: 'Track your delivery',
    layout: 'blank',
    example: '/track/not-a-real-token',
  },
  // The stop link of a company's e-mails to a delivery's recipient: public, the token is the credential (issue 36).
  { id: 'stopMessages', path: '/stop-messages', title: 'Stop messages', layout: 'blank' },

  // Default layout: full sidebar and header.
  { id: 'courierDashboard', path: '/CourierDashboard', title: 'Courier Dashboard', layout: 'default' },
  { id: 'biddingDashboard', path: '/BiddingDashboard', title: 'Bidding Dashboard', layout: 'default' },
  { id: 'bidsOpen', path: '/BidsOpen', title: 'Open Bids', layout: 'default' },
  { id: 'fleetManagement', path: '/FleetManagement', title: 'Fleet Management', layout: 'default' },
  { id: 'bidDetailRoute', path: '/BIdDetail', title: 'Bid Detail', layout: 'default', caseSensitive: true },
  { id: 'bidDetail', path: '/BidDetail', title: 'Bid Detail', layout: 'default', caseSensitive: true },
  { id: 'usersMe', path: '/Users/Me', title: 'My Profile', layout: 'default' },
  { id: 'mailbox', path: '/apps/mailbox', title: 'Inbox', layout: 'default' },
  // The full form: not in the spec's route table, but its sidebar (the full one) links to it, so it has that layout.
  {
    id: 'deliveryAdd',
    path: '/DeliveryAdd',
    title: 'Add Delivery with Vehicle and Driver',
    layout: 'default',
  },

  // Easy-mode layout: icon sidebar, header and the quick-action button.
  { id: 'companyDashboard', path: '/CompanyDashboard', title: 'Company Dashboard', layout: 'easy' },
  { id: 'deliveryCalendar', path: '/DeliveryCalendar', title: 'Delivery Calendar', layout: 'easy' },
  // Named by the spec with no path (decision 025).
  { id: 'activeDeliveriesMap', path: '/ActiveDeliveriesMap', title: 'Active Deliveries Map', layout: 'easy' },
  {
    id: 'deliveryDetail',
    path: '/DeliveryDetail/:uuid',
    title: 'Delivery Detail',
    layout: 'easy',
    example: `/DeliveryDetail/${SAMPLE_UUID}`,
  },
  {
    id: 'driverDeliveryDetail',
    path: '/DriverDeliveryDetail/:deliveryUuid',
    title: 'Driver Delivery',
    layout: 'easy',
    audience: 'driver',
    example: `/DriverDeliveryDetail/${SAMPLE_UUID}`,
  },
  { id: 'vehicleAdd', path: '/VehicleAdd', title: 'Add Vehicle', layout: 'easy' },
  { id: 'vehicleManage', path: '/VehicleManage', title: 'Manage Vehicles', layout: 'easy' },
  { id: 'vehicleTypeAdd', path: '/VehicleTypeAdd', title: 'Add Vehicle Type', layout: 'easy' },
  { id: 'clients', path: '/Clients', title: 'Clients', layout: 'easy' },
  { id: 'addresses', path: '/Addresses', title: 'Addresses', layout: 'easy' },
  { id: 'driversManage', path: '/DriversManage', title: 'Manage Drivers', layout: 'easy' },
  { id: 'driverAdd', path: '/DriverAdd', title: 'Add Driver', layout: 'easy' },
  { id: 'driverAddCompany', path: '/DriverAddCompany', title: 'Add Driver to Company', layout: 'easy' },
  { id: 'adminAddCompany', path: '/AdminAddCompany', title: 'Add Admin', layout: 'easy' },
  {
    id: 'driverDashboard',
    path: '/DriverDashboard',
    title: 'Driver Dashboard',
    layout: 'easy',
    audience: 'driver',
  },
  { id: 'shipperDashboard', path: '/ShipperDashboard', title: 'Shipper Dashboard', layout: 'easy' },
  { id: 'userProfile', path: '/AccountPages/UserProfile', title: 'User Profile', layout: 'easy' },
  {
    id: 'userAccountSettings',
    path: '/AccountPages/UserAccountSettings',
    title: 'Account Settings',
    layout: 'easy',
  },
  { id: 'companyProfile', path: '/AccountPages/CompanyProfile', title: 'Company Profile', layout: 'easy' },
  // Not in the spec: the company admins' API keys, for a client's shop or order system (decision 065).
  { id: 'integrations', path: '/AccountPages/Integrations', title: 'Integrations', layout: 'easy' },
  // Not in the spec: which messages a delivery's recipients get, and in which words (issue 36).
  {
    id: 'recipientMessages',
    path: '/AccountPages/RecipientMessages',
    title: 'Recipient Messages',
    layout: 'easy',
  },
  // Not in the spec's table: where the header's "VIEW ALL ACTIVITIES" leads (decision 028).
  { id: 'notifications', path: '/Notifications', title: 'Notifications', layout: 'easy' },
  // Not in the spec: the platform admins' sent mail, the outbox kept without SMTP_URL (decision 034).
  { id: 'platformMail', path: '/platform/mail', title: 'Sent Mail', layout: 'easy', audience: 'platform' },
  // Not in the spec: the platform admins' view of the server's job queues (decision 055).
  { id: 'platformJobs', path: '/platform/jobs', title: 'Jobs', layout: 'easy', audience: 'platform' },
  { id: 'parcelAdd', path: '/ParcelAdd', title: 'Add Parcel', layout: 'easy' },
  { id: 'parcelTrack', path: '/ParcelTrack', title: 'Track Parcel', layout: 'easy' },
  { id: 'deliveryAddEasy', path: '/DeliveryAddEasy', title: 'Add Delivery', layout: 'easy' },
  // Not in the spec: orders at volume, deliveries created from a CSV file or an Excel workbook (issue 34).
  { id: 'deliveryImport', path: '/DeliveryImport', title: 'Import orders', layout: 'easy' },
  // Not in the spec: the dispatch board (issue 35).
  { id: 'dispatch', path: '/Dispatch', title: 'Dispatch', layout: 'easy' },
] as const satisfies readonly RouteEntry[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** The catch-all of the blank layout: any other path shows the not-found page. */
export const CATCH_ALL_ROUTE = {
  id: 'notFound',
  path: '*',
  title: 'Page Not Found',
  layout: 'blank',
} as const;

/** Signed-in areas: the access guard sends visitors without a valid session to /login. */
export const GUARDED_LAYOUTS: readonly LayoutName[] = ['default', 'easy'];

/** The path to visit for a route: its example when it has params. */
export function visitPath(route: RouteEntry): string {
  return route.example ?? route.path;
}
