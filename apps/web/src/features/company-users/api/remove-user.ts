import { companyUserCalls, type CompanyRoleSlug } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { companyUserKeys } from '../../../lib/company-user-keys';

export interface UserRemoval {
  userId: string;
  name: string;
  /** One role to take away; without it the person leaves the company. */
  role?: CompanyRoleSlug;
}

/** DELETE user/:id?role=…; removing the last admin is a 409. */
export const removeUser = (slug: string, userId: string, role?: CompanyRoleSlug) =>
  callApi(companyUserCalls.removeUser, { params: { companySlug: slug, userId }, query: { role } });

export function useRemoveUser(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: UserRemoval) => removeUser(slug, userId, role),
    onSuccess: (_, { name, role }) => {
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      const what =
        role === 'driver' ? 'the drivers' : role === 'company-admin' ? 'the admins' : 'your company';
      notifySuccess(
        role === 'driver' ? 'Driver Removed' : 'User Removed',
        `${name} has been removed from ${what}.`,
      );
    },
  });
}
