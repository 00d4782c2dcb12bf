import type { Company, Role, User } from '@courier/contract';
import { SESSION_STATE_ELEMENT_ID } from '@courier/contract/plain';
import { queryClient } from '../query-client';
import { settleSignedInUser } from './get-me';
import { meCompaniesQueryKey, meQueryKey, meRolesQueryKey, sessionCheckQueryKey } from './query-keys';

interface SessionState {
  user: User;
  roles: Role[];
  companies: Company[];
}

const isState = (value: unknown): value is SessionState =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SessionState).user?.uuid === 'string' &&
  Array.isArray((value as SessionState).roles) &&
  Array.isArray((value as SessionState).companies);

/**
 * Takes the session's state the server wrote in a signed-in screen's HTML (decision 051), once: the session check
 * passes and the user (with the current company settled), roles and companies are in the cache as GET /me/check,
 * /me, /me/role and /me/company would have put them, so the guard asks none of them. The element is removed: a later visit of the guard asks as before.
 * Answers whether there was a state.
 */
export function takeSessionState(doc: Document = document): boolean {
  const element = doc.getElementById(SESSION_STATE_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  let state: unknown;
  try {
    state = JSON.parse(element.textContent ?? '');
  } catch {
    return false;
  }
  if (!isState(state)) return false;
  settleSignedInUser(state.user);
  queryClient.setQueryData(sessionCheckQueryKey, 'valid');
  queryClient.setQueryData(meQueryKey, state.user);
  queryClient.setQueryData(meRolesQueryKey, state.roles);
  queryClient.setQueryData(meCompaniesQueryKey, state.companies);
  return true;
}
