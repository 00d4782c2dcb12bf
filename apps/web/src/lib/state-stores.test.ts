import { PERSIST } from '@courier/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  initialPersistedState,
  persistStore,
  purgePersisted,
  readPersistedState,
  updatePersisted,
} from './persist-store';
import { recordRoute, resetRouteHistory, routeStore } from './route-store';

describe('persisted client state', () => {
  beforeEach(() => purgePersisted());

  it('writes session flag, company and theme under persist:root with version 1', () => {
    updatePersisted({ isLoggedIn: true, currentCompanySlug: 'demo-shipper' });
    expect(JSON.parse(window.localStorage.getItem(PERSIST.rootKey) ?? 'null')).toEqual({
      version: 1,
      isLoggedIn: true,
      currentCompanySlug: 'demo-shipper',
      theme: 'light',
    });
  });

  it('reads it back, and drops a stored value of another version or shape', () => {
    window.localStorage.setItem(
      PERSIST.rootKey,
      JSON.stringify({ version: 1, isLoggedIn: true, currentCompanySlug: 'x', theme: 'dark' }),
    );
    expect(readPersistedState()).toEqual({ isLoggedIn: true, currentCompanySlug: 'x', theme: 'dark' });
    window.localStorage.setItem(
      PERSIST.rootKey,
      JSON.stringify({ version: 2, isLoggedIn: true, currentCompanySlug: 'x', theme: 'dark' }),
    );
    expect(readPersistedState()).toBe(initialPersistedState);
    window.localStorage.setItem(PERSIST.rootKey, '{not json');
    expect(readPersistedState()).toBe(initialPersistedState);
  });

  it('drops a stored value of the right version but another shape', () => {
    const stored = { version: 1, isLoggedIn: true, currentCompanySlug: null, theme: 'system' };
    window.localStorage.setItem(PERSIST.rootKey, JSON.stringify(stored));
    expect(readPersistedState()).toEqual({ isLoggedIn: true, currentCompanySlug: null, theme: 'system' });
    for (const wrong of [
      { ...stored, isLoggedIn: 'yes' },
      { ...stored, currentCompanySlug: 7 },
      { ...stored, theme: 'sepia' },
      { version: 1 },
      [],
      null,
    ]) {
      window.localStorage.setItem(PERSIST.rootKey, JSON.stringify(wrong));
      expect(readPersistedState()).toBe(initialPersistedState);
    }
  });

  it('a purge (sign-out) returns everything to its initial value and removes the key', () => {
    updatePersisted({ isLoggedIn: true, theme: 'dark' });
    purgePersisted();
    expect(persistStore.get()).toEqual(initialPersistedState);
    expect(window.localStorage.getItem(PERSIST.rootKey)).toBeNull();
  });
});

describe('route tracking', () => {
  beforeEach(() => resetRouteHistory());

  it('keeps previous and current; an identical route changes nothing', () => {
    const a = { pathname: '/CompanyDashboard', params: {}, query: {} };
    const b = { pathname: '/DeliveryDetail/1', params: { uuid: '1' }, query: { tab: 'steps' } };
    recordRoute(a);
    recordRoute(b);
    const before = routeStore.get();
    recordRoute({ pathname: '/DeliveryDetail/1', params: { uuid: '1' }, query: { tab: 'steps' } });
    expect(routeStore.get()).toBe(before);
    expect(before).toEqual({ previous: a, current: b });
    recordRoute({ ...b, query: { tab: 'parcels' } });
    expect(routeStore.get().previous).toEqual(b);
  });
});
