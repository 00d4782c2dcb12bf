import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { unprocessable, type FieldErrors } from '../../lib/app-error.js';
import { toE164 } from '../../lib/phone-numbers.js';
import type { CreateBody } from './create-delivery.values.js';

/**
 * A contact's phone number is kept in E.164 (issue 36, decision 071): the driver's "Call" button and the recipient's
 * text messages read one form, whatever was typed ("07700 900123", "+44 7700 900123"), with the company's country
 * for a number without its international prefix. An empty number stays empty; one that cannot be a number is refused
 * with a field error, before anything is written.
 */
export const phoneError = (country: string) =>
  `Enter a phone number that can be called, e.g. +44 7700 900123 (a number without its country code is read as ${country}'s).`;

/** The company's country, for numbers written without their international prefix (its default: GB). */
export async function companyCountry(db: DbOrTx, companyId: string): Promise<string> {
  const [row] = await db
    .select({ countryCode: companies.countryCode })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.countryCode ?? 'GB';
}

/** The number in E.164, '' for none, or null when it cannot be a number. */
export function e164OrEmpty(phoneNumber: string, country: string): string | null {
  if (!phoneNumber.trim()) return '';
  return toE164(phoneNumber, country);
}

/** A new delivery's body with its contacts' numbers in E.164, or the field errors of those that cannot be numbers. */
export function withE164Phones(
  body: CreateBody,
  country: string,
): { body: CreateBody; errors: FieldErrors | null } {
  const errors: FieldErrors = {};
  const steps = body.steps.map((step, i) => ({
    ...step,
    contacts: step.contacts.map((c, j) => {
      const phoneNumber = e164OrEmpty(c.phoneNumber, country);
      if (phoneNumber === null) errors[`steps.${i}.contacts.${j}.phoneNumber`] = [phoneError(country)];
      return { ...c, phoneNumber: phoneNumber ?? c.phoneNumber };
    }),
  }));
  return Object.keys(errors).length ? { body, errors } : { body: { ...body, steps }, errors: null };
}

/** One contact's number in E.164 for `companyId`, or 422 on `field`. */
export async function e164Phone(db: DbOrTx, companyId: string, phoneNumber: string, field: string) {
  const country = await companyCountry(db, companyId);
  const e164 = e164OrEmpty(phoneNumber, country);
  if (e164 === null) throw unprocessable({ [field]: [phoneError(country)] });
  return e164;
}
