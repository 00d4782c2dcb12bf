import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { CountryCodeSchema, EmailSchema, IsoDateTimeSchema, LocationSchema, UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { PLACE_STATUSES, PLACEMENTS } from '../places/places.entities.js';

/** A contact person: of a client, or on a delivery's task. */
export const ContactSchema = z.object({
  uuid: UuidSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: EmailSchema.optional(),
  phoneNumber: z.string(),
  companyName: z.string(),
  /** In a delivery's contact list (`/delivery/contact`): the tasks of that delivery the contact is on. */
  deliveryStepTaskUuids: z.array(UuidSchema).optional(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** A client of the company (who it delivers for or to), with its contact people. */
export const ClientSchema = z.object({
  uuid: UuidSchema,
  companyName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  notes: z.string(),
  contacts: z.array(ContactSchema),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Client = z.infer<typeof ClientSchema>;

/** An address of the company's directory: the spec's Address plus a label and timestamps. */
export const DirectoryAddressSchema = z.object({
  uuid: UuidSchema,
  label: z.string().nullable(),
  line1: z.string(),
  line2: z.string().optional(),
  line3: z.string().optional(),
  city: z.string(),
  county: z.string().optional(),
  postcode: z.string(),
  countryCode: CountryCodeSchema,
  location: LocationSchema.optional(),
  placeStatus: z.enum(PLACE_STATUSES),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type DirectoryAddress = z.infer<typeof DirectoryAddressSchema>;

const text = (label: string, max = 200) =>
  z
    .string({ error: whenMissing(`${label} is required`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max);
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ContactInputSchema = z.object({
  firstname: text('First name', LIMITS.nameMax),
  lastname: text('Last name', LIMITS.nameMax),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(LIMITS.emailMax)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email('Enter a valid e-mail address').optional()),
  phoneNumber: z.string().trim().max(LIMITS.phoneNumberMax).default(''),
  companyName: z.string().trim().max(200).default(''),
});
export type ContactInput = z.input<typeof ContactInputSchema>;

export const ClientInputSchema = z.object({
  companyName: text('Company name'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(LIMITS.emailMax)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email('Enter a valid e-mail address').optional()),
  phoneNumber: optionalText(LIMITS.phoneNumberMax),
  notes: z.string().trim().max(LIMITS.descriptionMax).default(''),
  contacts: z.array(ContactInputSchema).max(LIMITS.contactsPerClientMax).default([]),
});
export type ClientInput = z.input<typeof ClientInputSchema>;

const coordinate = (min: number, max: number, label: string) =>
  z.union([
    z
      .number()
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`),
    z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (v === '') return undefined;
        const n = Number(v);
        if (!Number.isFinite(n) || n < min || n > max) {
          ctx.addIssue({ code: 'custom', message: `${label} must be between ${min} and ${max}` });
          return z.NEVER;
        }
        return n;
      }),
  ]);

/**
 * An address as typed in a form or read from a CSV row. Latitude and longitude may be numbers or text (CSV) and
 * come together or not at all.
 */
export const AddressInputSchema = z
  .object({
    label: optionalText(100),
    line1: text('Address line 1'),
    line2: optionalText(),
    line3: optionalText(),
    city: text('City', 100),
    county: optionalText(100),
    postcode: text('Postcode', 20),
    countryCode: z
      .string({ error: whenMissing('Country code is required') })
      .trim()
      .toUpperCase()
      .pipe(CountryCodeSchema),
    lat: coordinate(-90, 90, 'Latitude').optional(),
    lng: coordinate(-180, 180, 'Longitude').optional(),
    /** How the point was chosen: a picked suggestion, or by hand (the default for typed coordinates). */
    placement: z.enum(PLACEMENTS).optional(),
  })
  .superRefine((a, ctx) => {
    if ((a.lat === undefined) !== (a.lng === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [a.lat === undefined ? 'lat' : 'lng'],
        message: 'Give both latitude and longitude, or neither',
      });
    }
  });
export type AddressInput = z.input<typeof AddressInputSchema>;

/** The columns a CSV import reads; others are ignored. */
export const ADDRESS_CSV_COLUMNS = [
  'label',
  'line1',
  'line2',
  'line3',
  'city',
  'county',
  'postcode',
  'countryCode',
  'lat',
  'lng',
] as const;
export const CLIENT_CSV_COLUMNS = [
  'companyName',
  'email',
  'phoneNumber',
  'notes',
  'contactFirstname',
  'contactLastname',
  'contactEmail',
  'contactPhoneNumber',
] as const;

/** One CSV row of a client import: the client and, optionally, one contact person. */
export const ClientCsvRowSchema = z
  .object({
    companyName: z.string().optional(),
    email: z.string().optional(),
    phoneNumber: z.string().optional(),
    notes: z.string().optional(),
    contactFirstname: z.string().optional(),
    contactLastname: z.string().optional(),
    contactEmail: z.string().optional(),
    contactPhoneNumber: z.string().optional(),
  })
  .transform((r): z.input<typeof ClientInputSchema> => ({
    companyName: r.companyName ?? '',
    email: r.email,
    phoneNumber: r.phoneNumber,
    notes: r.notes ?? '',
    contacts:
      r.contactFirstname || r.contactLastname
        ? [
            {
              firstname: r.contactFirstname ?? '',
              lastname: r.contactLastname ?? '',
              email: r.contactEmail,
              phoneNumber: r.contactPhoneNumber ?? '',
            },
          ]
        : [],
  }))
  .pipe(ClientInputSchema);
