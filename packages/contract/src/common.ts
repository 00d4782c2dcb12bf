import { z } from 'zod';

/** Message used for every ISO datetime field (spec section 5). */
export const INVALID_DATETIME_MESSAGE = 'Invalid datetime string';

export const UuidSchema = z.uuid();
export const IsoDateTimeSchema = z.iso.datetime({ offset: true, error: INVALID_DATETIME_MESSAGE });
export const NullableIsoDateTimeSchema = IsoDateTimeSchema.nullable();

export const CurrencyCodeSchema = z
  .string()
  .length(3, 'Currency code must have exactly 3 letters')
  .regex(/^[A-Za-z]{3}$/, 'Currency code must have exactly 3 letters');
export const CountryCodeSchema = z
  .string()
  .length(2, 'Country code must have exactly 2 letters')
  .regex(/^[A-Za-z]{2}$/, 'Country code must have exactly 2 letters');

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
