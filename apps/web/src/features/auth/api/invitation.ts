import { invitationCalls, type AcceptInvitationBody } from '@courier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { settleSignedIn } from './login';

/**
 * POST /invitation/read (decision 032): what the link is for. The token goes in the body, not a URL the server logs.
 * Silent: the screen says itself when the link no longer works (a 422 on `token`).
 */
export const readInvitation = (token: string) =>
  callApi(invitationCalls.readInvitation, { body: { token }, silent: true });

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => readInvitation(token!),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /invitation/accept: sets the password and signs the person in, as a sign-in does. */
export const acceptInvitation = (body: AcceptInvitationBody) =>
  callApi(invitationCalls.acceptInvitation, { body, silent: true });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: ({ user }) => settleSignedIn(queryClient, user),
  });
}
