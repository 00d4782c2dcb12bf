import { z } from 'zod';
// The contract's error messages (z.config in messages.ts) are set wherever a schema is built: the browser loads the
// schemas only with the screens that use them (decision 050), and almost every schema is built on these.
import './messages.js';

/** Message used for every ISO datetime field (spec section 5). */
export const INVALID_DATETIME_MESSAGE = 'Invalid datetime string';

export const UuidSchema = z.uuid();
/**
 * Dates the API takes: years that PostgreSQL and JavaScript both read and write as four digits. PostgreSQL has no
 * year 0 and refused "0000-01-01" with a 500; JavaScript writes years past 9999 as "+010000".
 */
export const DATE_YEAR_RANGE = { min: 1000, max: 9999 } as const;
export const DATE_RANGE_MESSAGE = `Use a date between the years ${DATE_YEAR_RANGE.min} and ${DATE_YEAR_RANGE.max}.`;
const inYearRange = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  // Text that is no date at all has its format message already.
  return Number.isNaN(year) || (year >= DATE_YEAR_RANGE.min && year <= DATE_YEAR_RANGE.max);
};

export const IsoDateTimeSchema = z.iso
  .datetime({ offset: true, error: INVALID_DATETIME_MESSAGE })
  .refine(inYearRange, DATE_RANGE_MESSAGE);
/** A calendar day (2026-11-21), in the same range of years. */
export const IsoDateSchema = z.iso.date().refine(inYearRange, DATE_RANGE_MESSAGE);
export const NullableIsoDateTimeSchema = IsoDateTimeSchema.nullable();

export const CurrencyCodeSchema = z
  .string()
  .length(3, 'Currency code must have exactly 3 letters')
  .regex(/^[A-Za-z]{3}$/, 'Currency code must have exactly 3 letters');
export const CountryCodeSchema = z
  .string()
  .length(2, 'Country code must have exactly 2 letters')
  .regex(/^[A-Za-z]{2}$/, 'Country code must have exactly 2 letters');

/** An IANA time zone this runtime knows (for "today" and "this month" in the caller's zone). */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

export const EmailSchema = z.email('Enter a valid e-mail address');
export const UrlSchema = z.url('Enter a valid url');
export const SlugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

export const MoneySchema = z.object({
  priceMinor: z.number().int(),
  priceString: z.string(),
  currencyCode: CurrencyCodeSchema,
});
export type Money = z.infer<typeof MoneySchema>;

export const LatLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
/** A location is a point or null (spec section 3). */
export const LocationSchema = LatLngSchema.nullable();
export type Location = z.infer<typeof LocationSchema>;

/** Laravel-style pagination metadata, sent beside `data` on paginated answers. */
export const PaginationMetaSchema = z.object({
  current_page: z.number().int().min(1),
  last_page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  /** Lists read by keyset (the delivery list, decision 043): the cursor of the next page, absent on the last. */
  next_cursor: z.string().optional(),
});
export type PaginationMeta = z.infer<typeof PaginationMetaSchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const TimestampsSchema = z.object({
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
