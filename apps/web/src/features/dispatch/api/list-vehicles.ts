import { useQuery } from '@tanstack/react-query';
import { companyVehiclesQueryOptions } from '../../../lib/company-vehicles';

/** The company's vehicles to give a route or a driver, by name. */
export function useDispatchVehicles(slug: string, enabled = true) {
  return useQuery({ ...companyVehiclesQueryOptions(slug), enabled });
}
