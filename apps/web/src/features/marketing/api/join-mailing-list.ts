import { sessionCalls } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /email/join (public): answers `{ message, success }`. */
export const joinMailingList = (email: string) => callApi(sessionCalls.emailJoin, { body: { email } });

export function useJoinMailingList() {
  return useMutation({ mutationFn: joinMailingList });
}
