import { describe, expect, it } from 'vitest';
import {
  AddressInputSchema,
  ClientInputSchema,
  normaliseRegistration,
  VehicleInputSchema,
  VehicleListQuerySchema,
} from './index.js';

describe('vehicle input', () => {
  it('normalises registration numbers and defaults size and status', () => {
    const v = VehicleInputSchema.parse({ name: 'Van 1', registrationNumber: ' ab12-cde ' });
    expect(v.registrationNumber).toBe('AB12CDE');
    expect(v.vehicleSizeTypeSlug).toBe('unknown');
    expect(v.vehicleStatusTypeSlug).toBe('available');
    expect(normaliseRegistration('lx 71 abc')).toBe('LX71ABC');
  });

  it('refuses a bad registration, an unknown size and a future year', () => {
    const r = VehicleInputSchema.safeParse({
      name: 'x',
      registrationNumber: 'AB 12 !',
      vehicleSizeTypeSlug: 'spaceship',
      vehicleYear: 3000,
    });
    expect(r.success).toBe(false);
    const fields = [...new Set(r.error?.issues.map((i) => i.path.join('.')))].sort();
    expect(fields).toEqual(['registrationNumber', 'vehicleSizeTypeSlug', 'vehicleYear']);
  });

  it('reads list queries from strings', () => {
    expect(VehicleListQuerySchema.parse({ page: '2', per_page: '500', status: 'booked' })).toMatchObject({
      page: 2,
      per_page: 500,
      status: 'booked',
      sort: 'name',
    });
    expect(VehicleListQuerySchema.safeParse({ per_page: '5000' }).success).toBe(false);
  });
});

describe('directory inputs', () => {
  it('reads a CSV-like address row, upper-casing the country and parsing coordinates', () => {
    const a = AddressInputSchema.parse({
      line1: '1 High St',
      city: 'London',
      postcode: 'N1 1AA',
      countryCode: 'gb',
      lat: '51.5',
      lng: '-0.1',
      line2: '',
    });
    expect(a).toMatchObject({ countryCode: 'GB', lat: 51.5, lng: -0.1 });
    expect(a.line2).toBeUndefined();
  });

  it('names each bad field of an address row', () => {
    const r = AddressInputSchema.safeParse({
      line1: '',
      city: 'London',
      postcode: 'N1',
      countryCode: 'GBR',
      lat: '95',
      lng: '0',
    });
    expect([...new Set(r.error?.issues.map((i) => i.path.join('.')))].sort()).toEqual([
      'countryCode',
      'lat',
      'line1',
    ]);
    const half = AddressInputSchema.safeParse({
      line1: 'x',
      city: 'y',
      postcode: 'z',
      countryCode: 'GB',
      lat: '51',
    });
    expect(half.error?.issues[0]?.path).toEqual(['lng']);
  });

  it('takes a client with optional e-mail and contacts', () => {
    expect(ClientInputSchema.parse({ companyName: 'Acme', email: '' }).email).toBeUndefined();
    expect(ClientInputSchema.safeParse({ companyName: 'Acme', email: 'nope' }).success).toBe(false);
    expect(
      ClientInputSchema.parse({ companyName: 'Acme', contacts: [{ firstname: 'A', lastname: 'B' }] })
        .contacts[0],
    ).toMatchObject({ phoneNumber: '', companyName: '' });
  });
});
