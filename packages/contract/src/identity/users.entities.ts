import { z } from 'zod';
import {
  CountryCodeSchema,
  EmailSchema,
  IsoDateTimeSchema,
  LocationSchema,
  NullableIsoDateTimeSchema,
  SlugSchema,
  UrlSchema,
  UuidSchema,
} from '../common.js';
import { COMPANY_TYPE_SLUGS, MEMBER_STATUSES } from '../roles.js';
import { PLACE_STATUSES } from '../places/places.entities.js';

export const PHONE_NUMBER_TYPES = ['mobile', 'work', 'home', 'other'] as const;

export const PhoneNumberSchema = z.object({
  uuid: UuidSchema,
  phoneNumber: z.string(),
  phoneNumberType: z.enum(PHONE_NUMBER_TYPES),
  isPrimary: z.boolean(),
});
export type PhoneNumber = z.infer<typeof PhoneNumberSchema>;

export const AddressSchema = z.object({
  uuid: UuidSchema,
  line1: z.string(),
  line2: z.string().optional(),
  line3: z.string().optional(),
  city: z.string(),
  county: z.string().optional(),
  postcode: z.string(),
  countryCode: CountryCodeSchema,
  location: LocationSchema.optional(),
  /** Where the point comes from (issue 32): being placed, placed, not found, placed by hand. */
  placeStatus: z.enum(PLACE_STATUSES).optional(),
});
export type Address = z.infer<typeof AddressSchema>;

export const CompanySchema = z.object({
  uuid: UuidSchema,
  slug: SlugSchema,
  name: z.string(),
  description: z.string(),
  logoUrl: UrlSchema.nullable(),
  companyTypeSlug: z.enum(COMPANY_TYPE_SLUGS),
  /**
   * The country the company works from (chosen at sign-up; null for a company made before decision 029): new
   * addresses start in it and the address search ranks its places first.
   */
  countryCode: CountryCodeSchema.nullable(),
  isActive: z.boolean(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Company = z.infer<typeof CompanySchema>;

export const RoleSchema = z.object({
  uuid: UuidSchema,
  slug: z.string(),
  name: z.string(),
  permissions: z.array(z.string()).optional(),
});
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  uuid: UuidSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: EmailSchema,
  emailVerifiedAt: NullableIsoDateTimeSchema,
  imgUrl: UrlSchema.nullable(),
  imgThumbUrl: UrlSchema.nullable(),
  phoneNumbers: z.array(PhoneNumberSchema).optional(),
  addresses: z.array(AddressSchema).optional(),
  companies: z.array(CompanySchema).optional(),
  /** Slug of the company the client works in after sign-in. */
  defaultCompanySlug: SlugSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type User = z.infer<typeof UserSchema>;

/** An invitation to the company not yet accepted (decision 032): the person has not chosen a password yet. */
export const PendingInvitationSchema = z.object({
  sentAt: IsoDateTimeSchema,
  expiresAt: IsoDateTimeSchema,
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** A user as seen by a company admin: the user plus their standing in that company. */
export const CompanyUserSchema = UserSchema.extend({
  roleSlugs: z.array(z.string()),
  memberStatus: z.enum(MEMBER_STATUSES),
  /** Set while the person has not accepted the company's invitation (they cannot sign in yet). */
  pendingInvitation: PendingInvitationSchema.nullable(),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;

export const LoginResponseSchema = z.object({
  user: UserSchema,
  token: z.string().optional(),
  message: z.string().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
