import { auctionCalls, type BidRates } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { auctionKeys } from '../auction-keys';
import { useCurrentCompany } from './get-my-companies';
import { useIsCompanyAdmin } from './use-is-company-admin';

/** A courier company's bid rates, with its depot (403 for a shipper or a member who may not read them). */
export const bidRatesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: auctionKeys.bidRates(slug),
    queryFn: ({ signal }) =>
      callApi(auctionCalls.getBidRates, { params: { companySlug: slug }, signal, silent: true }),
  });

export type Depot = NonNullable<BidRates['depot']>;

/**
 * Where the current courier company's vehicles start from (issue 32): pinned on its maps, and the address search
 * ranks places near it first. Null for a shipper, a courier without a depot, or a member who may not read the rates
 * (only its admins may: the others are not asked, so no 403 is drawn).
 */
export function useCompanyDepot(): Depot | null {
  const { company } = useCurrentCompany();
  const { isAdmin } = useIsCompanyAdmin();
  const slug = company?.slug ?? '';
  const { data } = useQuery({
    ...bidRatesQueryOptions(slug),
    enabled: company?.companyTypeSlug === 'courier' && isAdmin,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return data?.depot ?? null;
}
