import { DEFAULT_SUPPORT_PAGE, SUPPORT_DESK_PATH } from '@courier/contract/plain';
import { describe, expect, it } from 'vitest';
import { viewerOf } from '../../../../lib/roles';
import { EASY_NAV, FULL_NAV, visibleItems, visibleSections, type NavItem } from './nav-items';

const labels = (items: NavItem[]) => items.map((item) => item.label);
/** The platform admins' entries (decisions 034 and 055). */
const PLATFORM_ENTRIES = ['Sent Mail', 'Jobs'];
const admin = viewerOf(['company-admin']);
const driver = viewerOf(['driver']);

describe('menus by role (decision 018)', () => {
  it('a platform admin sees the sent mail and the jobs, and no one else does', () => {
    const platform = viewerOf(['platform-admin']);
    for (const entry of PLATFORM_ENTRIES) {
      expect(labels(visibleItems(EASY_NAV, platform))).toContain(entry);
      expect(labels(visibleItems(EASY_NAV, viewerOf([])))).not.toContain(entry);
      expect(labels(visibleItems(EASY_NAV, admin))).not.toContain(entry);
    }
    expect(visibleSections(FULL_NAV, platform).map((section) => section.label)).toContain('Platform');
  });

  it('company admins see every office and admin entry, and the Driver Dashboard (issue 33)', () => {
    const easy = labels(visibleItems(EASY_NAV, admin));
    expect(easy).toEqual(labels(EASY_NAV).filter((label) => !PLATFORM_ENTRIES.includes(label)));
    expect(easy).toContain('Driver Dashboard');
    // The dispatch board (issue 35), beside the active deliveries map.
    expect(
      easy.slice(easy.indexOf('Active Deliveries Map'), easy.indexOf('Active Deliveries Map') + 2),
    ).toEqual(['Active Deliveries Map', 'Dispatch']);
    const full = visibleSections(FULL_NAV, admin);
    expect(full.map((section) => section.label)).toEqual([
      'Company',
      'Courier',
      'Driver',
      'Account',
      'Support',
    ]);
    expect(full.find((section) => section.label === 'Driver')?.items).toEqual([
      expect.objectContaining({ label: 'Driver Dashboard', to: '/DriverDashboard' }),
    ]);
    // The company's API keys (decision 065), beside its profile; its messages to recipients (issue 36).
    expect(labels(full.find((section) => section.label === 'Account')?.items ?? [])).toEqual([
      'Company Profile',
      'Integrations',
      'Recipient Messages',
      'User Profile',
    ]);
  });

  it('an admin who also drives sees the driver dashboard too', () => {
    expect(labels(visibleItems(EASY_NAV, viewerOf(['company-admin', 'driver'])))).toEqual(
      labels(EASY_NAV).filter((label) => !PLATFORM_ENTRIES.includes(label)),
    );
  });

  it('members without the admin role do not see fleet, directories or user management', () => {
    const member = viewerOf([]);
    const easy = labels(visibleItems(EASY_NAV, member));
    expect(easy).not.toContain('Fleet Management');
    expect(easy).not.toContain('Directories');
    expect(easy).not.toContain('User Management');
    expect(easy).not.toContain('Dispatch');
    // Neither a driver nor an admin: the driver calls would refuse them, and there are no drivers to show them.
    expect(easy).not.toContain('Driver Dashboard');
    expect(easy).toContain('Parcel Management');
    const full = visibleSections(FULL_NAV, member).flatMap((section) => labels(section.items));
    expect(full).not.toContain('Fleet Management');
    expect(full).not.toContain('Company Users');
    expect(full).not.toContain('Integrations');
    expect(full).not.toContain('Recipient Messages');
    expect(full).toContain('Company Profile');
  });

  it('a driver sees what a driver uses: their dashboard, their account and support', () => {
    expect(labels(visibleItems(EASY_NAV, driver))).toEqual(['Driver Dashboard', 'Support Desk']);
    const full = visibleSections(FULL_NAV, driver);
    expect(full.map((section) => section.label)).toEqual(['Driver', 'Account', 'Support']);
    expect(full.flatMap((section) => labels(section.items))).toEqual([
      'Driver Dashboard',
      'Company Profile',
      'User Profile',
      'Support Desk',
    ]);
  });

  it('shows only the entries for everyone while the roles load', () => {
    expect(labels(visibleItems(EASY_NAV, null))).toEqual(['Support Desk']);
  });
});

describe('the Support Desk (issue 33, decision 061)', () => {
  const desks = [
    ...EASY_NAV.filter((item) => item.label === 'Support Desk'),
    ...FULL_NAV.flatMap((section) => section.items).filter((item) => item.label === 'Support Desk'),
  ];

  it("opens the server's redirect to its SUPPORT_URL in a new tab, in both sidebars", () => {
    expect(desks).toHaveLength(2);
    for (const desk of desks)
      expect(desk).toMatchObject({ kind: 'link', to: `/api/v1${SUPPORT_DESK_PATH}`, external: true });
  });

  it("leads by default to a page of the app's own: the contact page (a spec route, app/route-table.test.ts)", () => {
    expect(DEFAULT_SUPPORT_PAGE).toBe('/ContactUs');
  });
});
