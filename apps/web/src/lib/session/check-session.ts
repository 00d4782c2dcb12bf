import { sessionCalls } from '@courier/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { isApiError } from '../errors';
import { updatePersisted } from '../persist-store';
import { queryClient } from '../query-client';
import type { SessionCheckResult } from '../session-expiry';
import { meQueryKey, sessionCheckQueryKey } from './query-keys';

/**
 * GET /me/check. A pass marks the session signed in; a 401 signs it out and drops the user. It never notifies:
 * its callers (the access guard, the session-expiry logic) decide what a failure means.
 */
export async function checkSession(signal?: AbortSignal): Promise<SessionCheckResult> {
  try {
    const answer = await callApi(sessionCalls.meCheck, { silent: true, signal });
    if (answer.valid !== true) throw new Error('Unexpected session check answer');
    updatePersisted({ isLoggedIn: true });
    return 'valid';
  } catch (error) {
    if (!isApiError(error, 401)) return 'error';
    console.warn('Unauthorized (API 401)');
    updatePersisted({ isLoggedIn: false });
    queryClient.removeQueries({ queryKey: meQueryKey });
    return 'unauthorized';
  }
}

export const sessionCheckQueryOptions = () =>
  queryOptions({ queryKey: sessionCheckQueryKey, queryFn: ({ signal }) => checkSession(signal) });
