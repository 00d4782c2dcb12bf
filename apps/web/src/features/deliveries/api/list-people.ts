import { adminUserCalls, driverCalls, type CompanyUser, type DriverInfo } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

export interface DeliveryPeople {
  users: Record<string, CompanyUser>;
  drivers: Record<string, DriverInfo>;
}

/** GET user and GET driver/info: names for the status history and the drivers to choose from. */
export const listDeliveryPeople = async (slug: string, signal?: AbortSignal): Promise<DeliveryPeople> => {
  const [users, drivers] = await Promise.all([
    callApi(adminUserCalls.listUsers, { params: { companySlug: slug }, signal, silent: true }),
    callApi(driverCalls.listDriverInfo, { params: { companySlug: slug }, signal, silent: true }),
  ]);
  return { users, drivers };
};

export const deliveryPeopleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: deliveryKeys.people(slug),
    queryFn: ({ signal }) => listDeliveryPeople(slug, signal),
  });

export function useDeliveryPeople(slug: string) {
  return useQuery(deliveryPeopleQueryOptions(slug));
}
