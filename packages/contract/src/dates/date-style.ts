/**
 * How a country writes dates and times (decision 064): day first and a 24-hour clock by default, AM/PM in the
 * countries whose clocks read so in writing, month first in the United States. The web app's `date-format.ts` and
 * the server's messages to recipients read the same lists.
 */
export const TWELVE_HOUR_COUNTRIES: readonly string[] = [
  'AU',
  'BD',
  'CA',
  'EG',
  'IN',
  'NZ',
  'PH',
  'PK',
  'SA',
  'US',
];
export const MONTH_FIRST_COUNTRIES: readonly string[] = ['US'];

export const usesTwelveHourClock = (countryCode: string | null | undefined): boolean =>
  TWELVE_HOUR_COUNTRIES.includes((countryCode ?? '').toUpperCase());
export const writesMonthFirst = (countryCode: string | null | undefined): boolean =>
  MONTH_FIRST_COUNTRIES.includes((countryCode ?? '').toUpperCase());
