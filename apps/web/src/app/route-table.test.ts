import { describe, expect, it } from 'vitest';
import { CATCH_ALL_ROUTE, ROUTES, visitPath } from './route-table';

const SPEC_PATHS = {
  blank: [
    '/',
    '/CourierAdvance',
    '/LandingPage',
    '/login',
    '/auth/boxed-signin',
    '/Authentication/RegisterBoxed',
    '/auth/boxed-lockscreen',
    '/auth/boxed-password-reset',
    '/FAQs',
    '/Pricing',
    '/Register',
    '/ContactUs',
  ],
  default: [
    '/CourierDashboard',
    '/BiddingDashboard',
    '/BidsOpen',
    '/FleetManagement',
    '/BIdDetail',
    '/BidDetail',
    '/Users/Me',
    '/apps/mailbox',
    '/DeliveryAdd',
  ],
  easy: [
    '/CompanyDashboard',
    '/DeliveryCalendar',
    '/DeliveryDetail/:uuid',
    '/DriverDeliveryDetail/:deliveryUuid',
    '/VehicleAdd',
    '/VehicleManage',
    '/VehicleTypeAdd',
    '/Clients',
    '/Addresses',
    '/DriversManage',
    '/DriverAdd',
    '/DriverAddCompany',
    '/AdminAddCompany',
    '/DriverDashboard',
    '/ShipperDashboard',
    '/AccountPages/UserProfile',
    '/AccountPages/UserAccountSettings',
    '/AccountPages/CompanyProfile',
    '/ParcelAdd',
    '/ParcelTrack',
    '/DeliveryAddEasy',
  ],
} as const;

/**
 * Paths the spec does not show, chosen by an issue: the recipient's tracking page (decision 022), the active
 * deliveries map the spec names without a path (decision 025), the notifications behind "VIEW ALL ACTIVITIES"
 * (decision 028), the platform admins' sent mail (decision 034) and the company's API keys (decision 065).
 */
const ADDED_PATHS: Record<keyof typeof SPEC_PATHS, readonly string[]> = {
  // The recipient's tracking page (decision 022), the e-mail verification link's screen (decision 029), the
  // invitation link's screen (decision 032) and the screens of an e-mail change's links (decision 056).
  blank: [
    '/track/:token',
    '/auth/verify-email',
    '/auth/accept-invitation',
    '/auth/confirm-email-change',
    '/auth/undo-email-change',
    // The stop link of the e-mails to a delivery's recipient (issue 36).
    '/stop-messages',
  ],
  default: [],
  // The platform admins' sent mail (decision 034) and job queues (decision 055); the company's API keys (decision 065);
  // the import of orders from a file (issue 34); the dispatch board (issue 35).
  easy: [
    '/ActiveDeliveriesMap',
    '/Notifications',
    '/platform/mail',
    '/platform/jobs',
    '/AccountPages/Integrations',
    '/AccountPages/RecipientMessages',
    '/DeliveryImport',
    '/Dispatch',
  ],
};

describe('route table', () => {
  it.each(Object.entries(SPEC_PATHS))('holds every %s-layout path of the spec', (layout, paths) => {
    const inLayout = ROUTES.filter((route) => route.layout === layout).map((route) => route.path);
    const added = ADDED_PATHS[layout as keyof typeof SPEC_PATHS];
    expect([...inLayout].sort()).toEqual([...paths, ...added].sort());
  });

  it('has both spellings of the bid detail path, matched by exact case', () => {
    const bid = ROUTES.filter((route) => route.path.toLowerCase() === '/biddetail');
    expect(bid.map((route) => route.path).sort()).toEqual(['/BIdDetail', '/BidDetail']);
    expect(bid.every((route) => 'caseSensitive' in route && route.caseSensitive)).toBe(true);
  });

  it('has unique ids and paths, a title for every route and a catch-all', () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    expect(ROUTES.every((route) => route.title.length > 0)).toBe(true);
    expect(CATCH_ALL_ROUTE).toMatchObject({ path: '*', layout: 'blank' });
  });

  it('gives every route with params a visitable example', () => {
    for (const route of ROUTES) {
      const path = visitPath(route);
      expect(path, route.id).not.toContain(':');
    }
  });
});
