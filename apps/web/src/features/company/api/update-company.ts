import { companyCalls, type Company, type CompanyProfileBody } from '@courier/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { meCompaniesQueryKey } from '../../../lib/session/query-keys';
import { companyKeys } from './keys';

export const updateCompany = (slug: string, body: CompanyProfileBody) =>
  callApi(companyCalls.updateCompany, { params: { companySlug: slug }, body });

/** The profile and the user's company list (header, dashboard) both show the new name and logo. */
export function storeCompany(queryClient: QueryClient, company: Company): void {
  queryClient.setQueryData(companyKeys.profile(company.slug), company);
  void queryClient.invalidateQueries({ queryKey: meCompaniesQueryKey });
}

export function useUpdateCompany(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyProfileBody) => updateCompany(slug, body),
    onSuccess: (company) => {
      storeCompany(queryClient, company);
      notifySuccess('Company Saved', `${company.name} has been saved.`);
    },
  });
}
