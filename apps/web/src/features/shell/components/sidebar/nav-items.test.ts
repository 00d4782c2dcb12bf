import { describe, expect, it } from 'vitest';
import { EASY_NAV, FULL_NAV, visibleItems, type NavItem } from './nav-items';

const labels = (items: NavItem[]) => items.map((item) => item.label);

describe('admin-only menu entries', () => {
  it('company admins see every group', () => {
    expect(labels(visibleItems(EASY_NAV, true))).toEqual(labels(EASY_NAV));
  });

  it('others do not see fleet, directories or user management', () => {
    const easy = labels(visibleItems(EASY_NAV, false));
    expect(easy).not.toContain('Fleet Management');
    expect(easy).not.toContain('Directories');
    expect(easy).not.toContain('User Management');
    expect(easy).toContain('Parcel Management');
    const full = FULL_NAV.flatMap((section) => labels(visibleItems(section.items, false)));
    expect(full).not.toContain('Fleet Management');
    expect(full).not.toContain('Company Users');
    expect(full).toContain('Company Profile');
  });
});
