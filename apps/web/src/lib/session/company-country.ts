import { setDateCountry } from '../date-format';
import { useAfterPaint } from '../use-after-paint';
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

/**
 * Sets the product's date style from the current company's country (lib/date-format.ts), read after the first
 * screen is painted: nothing is asked of the API before it (decision 052), and most screens already hold the answer.
 */
export function useCompanyDateStyle(): void {
  const { company } = useCurrentCompany({ enabled: useAfterPaint() });
  setDateCountry(company?.countryCode ?? DEFAULT_COUNTRY_CODE);
}
