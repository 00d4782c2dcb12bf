import type { LayoutName, RouteId } from './route-table';

/**
 * The file of each route's screen and of each layout, under src/, as plain data: routes.tsx loads them by these
 * names, and the build names each route's files in the HTML the server answers for its path, so the browser fetches
 * them beside the entry instead of after it (build/route-preloads.ts, decision 051).
 */
export const SCREEN_FILES: Record<RouteId, string> = {
  home: 'features/marketing/routes/landing-page.tsx',
  landing: 'features/marketing/routes/landing-page.tsx',
  courierAdvance: 'features/marketing/routes/courier-advance-page.tsx',
  login: 'features/auth/routes/sign-in-page.tsx',
  boxedSignin: 'features/auth/routes/sign-in-page.tsx',
  registerBoxed: 'features/auth/routes/register-page.tsx',
  register: 'features/auth/routes/register-page.tsx',
  lockscreen: 'features/auth/routes/lock-screen-page.tsx',
  passwordReset: 'features/auth/routes/password-reset-page.tsx',
  verifyEmail: 'features/auth/routes/verify-email-page.tsx',
  acceptInvitation: 'features/auth/routes/accept-invitation-page.tsx',
  confirmEmailChange: 'features/auth/routes/confirm-email-change-page.tsx',
  undoEmailChange: 'features/auth/routes/undo-email-change-page.tsx',
  faqs: 'features/marketing/routes/faqs-page.tsx',
  pricing: 'features/marketing/routes/pricing-page.tsx',
  contact: 'features/marketing/routes/contact-page.tsx',
  courierDashboard: 'features/dashboard/routes/courier-dashboard-page.tsx',
  biddingDashboard: 'features/marketplace/routes/bidding-dashboard-page.tsx',
  bidsOpen: 'features/marketplace/routes/bids-open-page.tsx',
  fleetManagement: 'features/fleet/routes/fleet-management-page.tsx',
  bidDetailRoute: 'features/marketplace/routes/bid-detail-page.tsx',
  bidDetail: 'features/marketplace/routes/bid-detail-page.tsx',
  usersMe: 'features/profile/routes/my-profile-page.tsx',
  mailbox: 'features/inbox/routes/inbox-page.tsx',
  companyDashboard: 'features/dashboard/routes/company-dashboard-page.tsx',
  deliveryCalendar: 'features/calendar/routes/delivery-calendar-page.tsx',
  activeDeliveriesMap: 'features/active-map/routes/active-deliveries-map-page.tsx',
  deliveryDetail: 'features/deliveries/routes/delivery-detail-page.tsx',
  driverDeliveryDetail: 'features/driver/routes/driver-delivery-detail-page.tsx',
  vehicleAdd: 'features/fleet/routes/vehicle-add-page.tsx',
  vehicleManage: 'features/fleet/routes/vehicle-manage-page.tsx',
  vehicleTypeAdd: 'features/fleet/routes/vehicle-type-add-page.tsx',
  clients: 'features/directories/routes/clients-page.tsx',
  addresses: 'features/directories/routes/addresses-page.tsx',
  driversManage: 'features/company-users/routes/drivers-manage-page.tsx',
  driverAdd: 'features/company-users/routes/driver-add-page.tsx',
  driverAddCompany: 'features/company-users/routes/driver-add-company-page.tsx',
  adminAddCompany: 'features/company-users/routes/admin-add-company-page.tsx',
  driverDashboard: 'features/driver/routes/driver-dashboard-page.tsx',
  shipperDashboard: 'features/dashboard/routes/shipper-dashboard-page.tsx',
  userProfile: 'features/profile/routes/user-profile-page.tsx',
  userAccountSettings: 'features/profile/routes/account-settings-page.tsx',
  notifications: 'features/notifications/routes/notifications-page.tsx',
  platformMail: 'features/platform-mail/routes/outbox-page.tsx',
  platformJobs: 'features/platform-jobs/routes/jobs-page.tsx',
  companyProfile: 'features/company/routes/company-profile-page.tsx',
  integrations: 'features/integrations/routes/integrations-page.tsx',
  recipientMessages: 'features/recipient-messages/routes/recipient-messages-page.tsx',
  stopMessages: 'features/recipient-messages/routes/stop-messages-page.tsx',
  parcelAdd: 'features/deliveries/routes/parcel-add-page.tsx',
  parcelTrack: 'features/deliveries/routes/parcel-track-page.tsx',
  tracking: 'features/recipient-tracking/routes/tracking-page.tsx',
  deliveryAddEasy: 'features/deliveries/routes/delivery-add-easy-page.tsx',
  deliveryImport: 'features/deliveries/routes/delivery-import-page.tsx',
  dispatch: 'features/dispatch/routes/dispatch-page.tsx',
  deliveryAdd: 'features/deliveries/routes/delivery-add-page.tsx',
};

/** The not-found screen of the catch-all route. */
export const NOT_FOUND_FILE = 'components/errors/not-found.tsx';

export const LAYOUT_FILES: Record<LayoutName, string> = {
  blank: 'features/shell/layouts/blank-layout.tsx',
  default: 'features/shell/layouts/default-layout.tsx',
  easy: 'features/shell/layouts/easy-layout.tsx',
};

/** The access guard of the signed-in layouts (their loader). */
export const GUARD_FILE = 'app/require-session.ts';

/** The whole of Mantine's CSS, loaded with every screen but those below. */
export const ALL_STYLES_FILE = 'styles/all-mantine-styles.ts';

/**
 * Screens drawn with only their part of Mantine's CSS: the sign-in with the first load's (styles/first-load.ts,
 * decision 042), the company dashboard with the frame's and its own (styles/frame-styles.ts, dashboard-styles.ts,
 * decision 047). Every other screen loads the whole of it with its code; the signed-in layouts load the frame's.
 */
export const OWN_STYLES_SCREENS: readonly RouteId[] = ['login', 'boxedSignin', 'companyDashboard'];
