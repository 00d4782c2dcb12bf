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

  it('company admins see every office and admin entry', () => {
    const easy = labels(visibleItems(EASY_NAV, admin));
    expect(easy).toEqual(
      labels(EASY_NAV).filter((label) => label !== 'Driver Dashboard' && !PLATFORM_ENTRIES.includes(label)),
    );
    const full = visibleSections(FULL_NAV, admin).map((section) => section.label);
    expect(full).toEqual(['Company', 'Courier', 'Account', 'Support']);
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
    expect(easy).toContain('Parcel Management');
    const full = visibleSections(FULL_NAV, member).flatMap((section) => labels(section.items));
    expect(full).not.toContain('Fleet Management');
    expect(full).not.toContain('Company Users');
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
