import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { lazyScreen } from '../lib/preload-error';
import type { ScreenHandle } from '../lib/route-handle';
import { RootRoute } from './root-route';
import { CATCH_ALL_ROUTE, GUARDED_LAYOUTS, ROUTES, type LayoutName, type RouteId } from './route-table';

type ScreenModule = () => Promise<{ default: ComponentType }>;

const landing: ScreenModule = () => import('../features/marketing/routes/landing-page');
const signIn: ScreenModule = () => import('../features/auth/routes/sign-in-page');
const register: ScreenModule = () => import('../features/auth/routes/register-page');

/** Which screen each route shows; a route later issues build gets its own module here. */
const screens: Record<RouteId, ScreenModule> = {
  home: landing,
  landing,
  courierAdvance: () => import('../features/marketing/routes/courier-advance-page'),
  login: signIn,
  boxedSignin: signIn,
  registerBoxed: register,
  register,
  lockscreen: () => import('../features/auth/routes/lock-screen-page'),
  passwordReset: () => import('../features/auth/routes/password-reset-page'),
  verifyEmail: () => import('../features/auth/routes/verify-email-page'),
  acceptInvitation: () => import('../features/auth/routes/accept-invitation-page'),
  faqs: () => import('../features/marketing/routes/faqs-page'),
  pricing: () => import('../features/marketing/routes/pricing-page'),
  contact: () => import('../features/marketing/routes/contact-page'),

  courierDashboard: () => import('../features/dashboard/routes/courier-dashboard-page'),
  biddingDashboard: () => import('../features/marketplace/routes/bidding-dashboard-page'),
  bidsOpen: () => import('../features/marketplace/routes/bids-open-page'),
  fleetManagement: () => import('../features/fleet/routes/fleet-management-page'),
  bidDetailRoute: () => import('../features/marketplace/routes/bid-detail-page'),
  bidDetail: () => import('../features/marketplace/routes/bid-detail-page'),
  usersMe: () => import('../features/profile/routes/my-profile-page'),
  mailbox: () => import('../features/inbox/routes/inbox-page'),

  companyDashboard: () => import('../features/dashboard/routes/company-dashboard-page'),
  deliveryCalendar: () => import('../features/calendar/routes/delivery-calendar-page'),
  activeDeliveriesMap: () => import('../features/active-map/routes/active-deliveries-map-page'),
  deliveryDetail: () => import('../features/deliveries/routes/delivery-detail-page'),
  driverDeliveryDetail: () => import('../features/driver/routes/driver-delivery-detail-page'),
  vehicleAdd: () => import('../features/fleet/routes/vehicle-add-page'),
  vehicleManage: () => import('../features/fleet/routes/vehicle-manage-page'),
  vehicleTypeAdd: () => import('../features/fleet/routes/vehicle-type-add-page'),
  clients: () => import('../features/directories/routes/clients-page'),
  addresses: () => import('../features/directories/routes/addresses-page'),
  driversManage: () => import('../features/company-users/routes/drivers-manage-page'),
  driverAdd: () => import('../features/company-users/routes/driver-add-page'),
  driverAddCompany: () => import('../features/company-users/routes/driver-add-company-page'),
  adminAddCompany: () => import('../features/company-users/routes/admin-add-company-page'),
  driverDashboard: () => import('../features/driver/routes/driver-dashboard-page'),
  shipperDashboard: () => import('../features/dashboard/routes/shipper-dashboard-page'),
  userProfile: () => import('../features/profile/routes/user-profile-page'),
  userAccountSettings: () => import('../features/profile/routes/account-settings-page'),
  notifications: () => import('../features/notifications/routes/notifications-page'),
  platformMail: () => import('../features/platform-mail/routes/outbox-page'),
  companyProfile: () => import('../features/company/routes/company-profile-page'),
  parcelAdd: () => import('../features/deliveries/routes/parcel-add-page'),
  parcelTrack: () => import('../features/deliveries/routes/parcel-track-page'),
  tracking: () => import('../features/recipient-tracking/routes/tracking-page'),
  deliveryAddEasy: () => import('../features/deliveries/routes/delivery-add-easy-page'),
  deliveryAdd: () => import('../features/deliveries/routes/delivery-add-page'),
};

/**
 * Screens drawn with only their part of Mantine's CSS: the sign-in with the first load's (styles/first-load.ts,
 * decision 042), the company dashboard with the frame's and its own (styles/frame-styles.ts, dashboard-styles.ts,
 * decision 047). Every other screen loads the whole of it with its code; the signed-in layouts load the frame's.
 */
const OWN_STYLES_SCREENS: readonly RouteId[] = ['login', 'boxedSignin', 'companyDashboard'];

function withAllStyles(load: ScreenModule): ScreenModule {
  return () => Promise.all([import('../styles/all-mantine-styles'), load()]).then(([, screen]) => screen);
}

const layouts: Record<LayoutName, ScreenModule> = {
  blank: () => import('../features/shell/layouts/blank-layout'),
  default: () => import('../features/shell/layouts/default-layout'),
  easy: () => import('../features/shell/layouts/easy-layout'),
};

function screensOf(layout: LayoutName): RouteObject[] {
  return ROUTES.filter((route) => route.layout === layout).map((route) => ({
    id: route.id,
    path: route.path,
    caseSensitive: 'caseSensitive' in route ? route.caseSensitive : false,
    handle: { routeId: route.id, title: route.title } satisfies ScreenHandle,
    errorElement: <RouteError />,
    lazy: lazyScreen(
      OWN_STYLES_SCREENS.includes(route.id) ? screens[route.id] : withAllStyles(screens[route.id]),
    ),
  }));
}

function layoutRoute(layout: LayoutName, children: RouteObject[]): RouteObject {
  return {
    id: `layout-${layout}`,
    // The guard's module holds the session and lookup calls with their schemas (zod): it loads with the first
    // signed-in screen, beside the layout's own file, not with the entry (decision 045).
    loader: GUARDED_LAYOUTS.includes(layout)
      ? (args) => import('./require-session').then(({ requireSession }) => requireSession(args))
      : undefined,
    errorElement: <RouteError />,
    lazy: lazyScreen(layouts[layout]),
    children,
  };
}

/** While the first screen loads, index.html's full-screen loader is still showing; nothing else to draw. */
function InitialLoad() {
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RouteError />,
    HydrateFallback: InitialLoad,
    children: [
      layoutRoute('blank', [
        ...screensOf('blank'),
        {
          id: CATCH_ALL_ROUTE.id,
          path: CATCH_ALL_ROUTE.path,
          handle: { routeId: CATCH_ALL_ROUTE.id, title: CATCH_ALL_ROUTE.title } satisfies ScreenHandle,
          errorElement: <RouteError />,
          lazy: lazyScreen(withAllStyles(() => import('../components/errors/not-found'))),
        },
      ]),
      layoutRoute('default', screensOf('default')),
      layoutRoute('easy', screensOf('easy')),
    ],
  },
];
