import { companyUserCalls, displayName, type AddAdminBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { companyUserKeys } from '../../../lib/company-user-keys';

/** POST user/admin: an unknown e-mail needs names (a 422 says which are missing) and is e-mailed an invitation. */
export const addAdmin = (slug: string, body: AddAdminBody) =>
  callApi(companyUserCalls.addAdmin, { params: { companySlug: slug }, body });

export function useAddAdmin(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAdminBody) => addAdmin(slug, body),
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      notifySuccess(
        'Admin Added',
        user.pendingInvitation
          ? `We e-mailed ${user.email} an invitation to choose a password. ${displayName(user)} is listed as invited until then.`
          : `${displayName(user)} is now an admin of your company.`,
      );
    },
  });
}
