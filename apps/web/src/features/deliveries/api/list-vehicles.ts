import { useQuery } from '@tanstack/react-query';
import { companyVehiclesQueryOptions } from '../../../lib/company-vehicles';

/** The vehicles to choose from when linking one to a delivery. */
export function useDeliveryVehicles(slug: string) {
  return useQuery(companyVehiclesQueryOptions(slug));
}
