import { describe, expect, it } from 'vitest';
import { canSee, homeRouteOf, isDriverOnly, viewerOf } from './roles';

const admin = viewerOf(['company-admin']);
const driver = viewerOf(['driver']);
const adminDriver = viewerOf(['company-admin', 'driver']);
const member = viewerOf([]);

describe('viewer and audiences', () => {
  it('reads admin and driver from the role slugs', () => {
    expect(admin).toEqual({ admin: true, driver: false, platform: false });
    expect(driver).toEqual({ admin: false, driver: true, platform: false });
    expect(viewerOf(['platform-admin', 'driver'])).toEqual({ admin: false, driver: true, platform: true });
  });

  it('treats only a driver without the admin role as driver-only', () => {
    expect(isDriverOnly(driver)).toBe(true);
    expect(isDriverOnly(adminDriver)).toBe(false);
    expect(isDriverOnly(admin)).toBe(false);
    expect(isDriverOnly(null)).toBe(false);
  });

  it('shows office entries to everyone but driver-only users, driver entries to drivers', () => {
    expect([admin, driver, adminDriver, member].map((v) => canSee('office', v))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect([admin, driver, adminDriver, member].map((v) => canSee('driver', v))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect([admin, driver, adminDriver, member].map((v) => canSee('admin', v))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it("shows the Driver Dashboard's entry to drivers and admins, not to other members (issue 33)", () => {
    expect([admin, driver, adminDriver, member].map((v) => canSee('driver-or-admin', v))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(canSee('driver-or-admin', null)).toBe(false);
  });

  it('shows only the entries for everyone while the roles load', () => {
    expect(canSee(undefined, null)).toBe(true);
    expect(canSee('office', null)).toBe(false);
    expect(canSee('driver', null)).toBe(false);
  });

  it('lands drivers on their dashboard and everyone else on the company dashboard', () => {
    expect(homeRouteOf(driver)).toBe('/DriverDashboard');
    expect(homeRouteOf(adminDriver)).toBe('/CompanyDashboard');
    expect(homeRouteOf(admin)).toBe('/CompanyDashboard');
    expect(homeRouteOf(null)).toBe('/CompanyDashboard');
  });

  it('lands a platform admin with no company role on the sent mail, and shows them its entry only', () => {
    expect(homeRouteOf(viewerOf(['platform-admin']))).toBe('/platform/mail');
    expect(homeRouteOf(viewerOf(['platform-admin', 'company-admin']))).toBe('/CompanyDashboard');
    expect([admin, viewerOf(['platform-admin'])].map((v) => canSee('platform', v))).toEqual([false, true]);
  });
});
