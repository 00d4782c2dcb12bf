import { invitationCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyUserKeys } from '../../../lib/company-user-keys';
import { notifySuccess } from '../../../lib/notifications';

/** POST user/:id/invitation: a new link for someone who has not chosen a password yet; 409 within a minute. */
export const resendInvitation = (slug: string, userId: string) =>
  callApi(invitationCalls.resendInvitation, { params: { companySlug: slug, userId } });

export function useResendInvitation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; email: string }) => resendInvitation(slug, userId),
    onSuccess: (_data, { email }) => {
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      notifySuccess(
        'Invitation Sent',
        `A new link is on its way to ${email}; the previous one no longer works.`,
      );
    },
  });
}
