import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * A phone number as written by a person ("07700 900123", "+44 7700 900123", "(415) 555-0100") in E.164
 * ("+447700900123"), with `defaultCountry` (the company's country) for a number written without its international
 * prefix; null when it cannot be a number of its country (issue 36, decision 071). "Possible" (the right length for
 * its country and prefix), not "valid" (inside a range the metadata knows to be allocated): numbering plans move
 * faster than the metadata, and the ranges set aside for fiction (Ofcom's 07700 900xxx) must work in demos and tests;
 * the provider refuses a number that does not exist (Twilio's 21211, a refusal for good).
 */
export function toE164(raw: string, defaultCountry: string | null | undefined): string | null {
  const text = raw.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text, (defaultCountry ?? 'GB').toUpperCase() as CountryCode);
  return parsed?.isPossible() ? parsed.number : null;
}

/** Whether a valid number can take text messages: a mobile, or a number whose type the metadata cannot tell. */
export function canTakeTexts(e164: string): boolean {
  const type = parsePhoneNumberFromString(e164)?.getType();
  return (
    type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' || type === 'PERSONAL_NUMBER'
  );
}
