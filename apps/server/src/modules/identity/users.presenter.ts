import type { Address, PhoneNumber, User } from '@courier/contract';
import { PHONE_NUMBER_TYPES } from '@courier/contract';
import { iso, isoOrNull } from '../../lib/dates.js';
import type { AddressRow, PhoneNumberRow, UserRow } from './users.queries.js';

const phoneType = (t: string): PhoneNumber['phoneNumberType'] =>
  (PHONE_NUMBER_TYPES as readonly string[]).includes(t) ? (t as PhoneNumber['phoneNumberType']) : 'other';

export function presentPhoneNumber(row: PhoneNumberRow): PhoneNumber {
  return {
    uuid: row.id,
    phoneNumber: row.phoneNumber,
    phoneNumberType: phoneType(row.phoneNumberType),
    isPrimary: row.isPrimary,
  };
}

export function presentAddress(row: AddressRow): Address {
  return {
    uuid: row.id,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
    ...(row.line3 ? { line3: row.line3 } : {}),
    city: row.city,
    ...(row.county ? { county: row.county } : {}),
    postcode: row.postcode,
    countryCode: row.countryCode,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  };
}

export function presentUser(row: UserRow, extras: { phoneNumbers?: PhoneNumberRow[] } = {}): User {
  return {
    uuid: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    emailVerifiedAt: isoOrNull(row.emailVerifiedAt),
    imgUrl: row.imgUrl,
    imgThumbUrl: row.imgThumbUrl,
    ...(extras.phoneNumbers ? { phoneNumbers: extras.phoneNumbers.map(presentPhoneNumber) } : {}),
    defaultCompanySlug: row.defaultCompanySlug,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
