import type { Address, DirectoryAddress } from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { AddressRow, DirectoryAddressRow } from './directory-addresses.queries.js';

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
    placeStatus: row.placeStatus,
  };
}

export function presentDirectoryAddress(row: DirectoryAddressRow): DirectoryAddress {
  return {
    ...presentAddress(row),
    placeStatus: row.placeStatus,
    label: row.label,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
