import { companyUserCalls, displayName } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { companyUserKeys } from '../../../lib/company-user-keys';

/** POST user/driver: someone who already has an account; an unknown e-mail is a 404. */
export const addExistingDriver = (slug: string, email: string) =>
  callApi(companyUserCalls.addExistingDriver, {
    params: { companySlug: slug },
    body: { email },
    silent: true,
  });

export function useAddExistingDriver(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => addExistingDriver(slug, email),
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      notifySuccess('Driver Added', `${displayName(user)} is now one of your drivers.`);
    },
  });
}
