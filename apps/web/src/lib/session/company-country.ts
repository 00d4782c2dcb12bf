import { useCurrentCompany } from './get-my-companies';

/** The country new addresses start in when the company has none on record (the demo's, and the first market's). */
export const DEFAULT_COUNTRY_CODE = 'GB';

/**
 * The country the current company works from (chosen at sign-up): new addresses start in it and the address search
 * ranks its places first. Companies made before the country was asked fall back to DEFAULT_COUNTRY_CODE.
 */
export function useCompanyCountry(): string {
  const { company } = useCurrentCompany();
  return company?.countryCode ?? DEFAULT_COUNTRY_CODE;
}
