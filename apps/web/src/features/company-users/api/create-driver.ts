import { displayName, driverCalls, type CreateDriverBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { companyUserKeys } from '../../../lib/company-user-keys';

/** POST driver: a new e-mail gets an account and an invitation by e-mail; a known one is linked as it is. */
export const createDriver = (slug: string, body: CreateDriverBody) =>
  callApi(driverCalls.createDriver, { params: { companySlug: slug }, body });

export function useCreateDriver(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDriverBody) => createDriver(slug, body),
    onSuccess: ({ user, created }) => {
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      notifySuccess(
        'Driver Added',
        created
          ? `We e-mailed ${user.email} an invitation to choose a password. ${displayName(user)} is listed as invited until then.`
          : `${displayName(user)} already had an account and is now one of your drivers.`,
      );
    },
  });
}
