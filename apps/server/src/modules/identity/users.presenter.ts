import type { PhoneNumber, User } from '@courier/contract';
import { PHONE_NUMBER_TYPES } from '@courier/contract';
import { iso, isoOrNull } from '../../lib/dates.js';
import type { PhoneNumberRow, UserRow } from './users.queries.js';

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
