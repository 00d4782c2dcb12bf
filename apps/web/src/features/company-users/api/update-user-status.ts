import { adminUserCalls, displayName, type MemberStatus } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { companyUserKeys } from '../../../lib/company-user-keys';

/** POST user/:id/status; suspending the last admin is a 409. */
export const updateUserStatus = (slug: string, userId: string, status: MemberStatus) =>
  callApi(adminUserCalls.updateUserStatus, { params: { companySlug: slug, userId }, body: { status } });

export function useUpdateUserStatus(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: MemberStatus }) =>
      updateUserStatus(slug, userId, status),
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      const suspended = user.memberStatus === 'suspended';
      notifySuccess(
        suspended ? 'User Suspended' : 'User Reactivated',
        suspended
          ? `${displayName(user)} can no longer work in your company.`
          : `${displayName(user)} can work in your company again.`,
      );
    },
  });
}
