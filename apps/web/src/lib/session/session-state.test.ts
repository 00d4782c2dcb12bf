import { afterEach, describe, expect, it } from 'vitest';
import { persistStore, purgePersisted } from '../persist-store';
import { queryClient } from '../query-client';
import { meCompaniesQueryKey, meQueryKey, meRolesQueryKey, sessionCheckQueryKey } from './query-keys';
import { takeSessionState } from './session-state';

const user = {
  uuid: '0b8e4f5c-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  firstname: 'Alice',
  lastname: 'Ashworth',
  defaultCompanySlug: 'demo-shipper',
};
const roles = [
  { uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', slug: 'company-admin', name: 'Company admin' },
];
const companies = [
  { uuid: '7e1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', slug: 'demo-shipper', name: 'Demo </script> Ltd' },
];

function writeState(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'session-state';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  queryClient.clear();
  purgePersisted();
  document.getElementById('session-state')?.remove();
});

describe("the session's state in the page", () => {
  it('fills the check and the three reads once, and is gone after', () => {
    // As the server escapes it: no "<" inside the element.
    writeState(JSON.stringify({ user, roles, companies }).replace(/</g, '\\u003c'));
    expect(takeSessionState()).toBe(true);
    expect(queryClient.getQueryData(sessionCheckQueryKey)).toBe('valid');
    expect(queryClient.getQueryData(meQueryKey)).toEqual(user);
    expect(queryClient.getQueryData(meRolesQueryKey)).toEqual(roles);
    expect(queryClient.getQueryData(meCompaniesQueryKey)).toEqual(companies);
    expect(persistStore.get()).toMatchObject({ isLoggedIn: true, currentCompanySlug: 'demo-shipper' });
    expect(document.getElementById('session-state')).toBeNull();
    expect(takeSessionState()).toBe(false);
  });

  it('fills nothing from a malformed or partial state', () => {
    for (const text of ['{not json', JSON.stringify({ user, roles }), JSON.stringify(null)]) {
      writeState(text);
      expect(takeSessionState()).toBe(false);
      expect(queryClient.getQueryData(sessionCheckQueryKey)).toBeUndefined();
      expect(queryClient.getQueryData(meQueryKey)).toBeUndefined();
    }
  });
});
