import { describe, expect, it } from 'vitest';
import {
  AddressSchema,
  buildPath,
  CompanySchema,
  CurrencyCodeSchema,
  DeliveryStepTaskSchema,
  DRIVER_STATUSES,
  driverStatusTag,
  FREE_STATUSES,
  INVALID_DATETIME_MESSAGE,
  isOffWork,
  LoginBodySchema,
  NOTIFICATION_AUTO_CLOSE_MS,
  OFF_WORK_STATUSES,
  ON_DELIVERY_STATUS,
  ParcelSchema,
  UpdatePasswordBodySchema,
  UpdatePhoneNumbersBodySchema,
  UserSchema,
  VEHICLE_SIZES,
  VEHICLE_STATUSES,
  vehicleStatusTag,
  displayName,
} from './index.js';

const uuid = '4f9d2a7e-3b1c-4e8f-9a6d-2c5b7e1f0a3d';
const now = '2026-11-21T10:00:00.000Z';

const user = {
  uuid,
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  emailVerifiedAt: null,
  imgUrl: null,
  imgThumbUrl: 'https://example.com/a.png',
  defaultCompanySlug: 'acme',
  createdAt: now,
  updatedAt: now,
};

describe('entity rules of spec section 5', () => {
  it('accepts a well-formed user', () => {
    expect(UserSchema.parse(user)).toMatchObject({ email: 'ada@example.com' });
  });

  it('names the field and says "Invalid datetime string" for a bad datetime', () => {
    const r = UserSchema.safeParse({ ...user, createdAt: 'yesterday' });
    expect(r.success).toBe(false);
    const issue = r.error?.issues[0];
    expect(issue?.path).toEqual(['createdAt']);
    expect(issue?.message).toBe(INVALID_DATETIME_MESSAGE);
  });

  it('refuses ids that are not uuid-shaped', () => {
    expect(UserSchema.safeParse({ ...user, uuid: '42' }).success).toBe(false);
  });

  it('refuses a bad e-mail and a bad image url', () => {
    expect(UserSchema.safeParse({ ...user, email: 'not-an-email' }).success).toBe(false);
    expect(UserSchema.safeParse({ ...user, imgThumbUrl: 'not a url' }).success).toBe(false);
  });

  it('takes currency codes of exactly 3 letters and country codes of exactly 2', () => {
    expect(CurrencyCodeSchema.safeParse('GBP').success).toBe(true);
    expect(CurrencyCodeSchema.safeParse('GB').success).toBe(false);
    expect(CurrencyCodeSchema.safeParse('GBPX').success).toBe(false);
    const address = { uuid, line1: '1 High St', city: 'London', postcode: 'N1 1AA', countryCode: 'GB' };
    expect(AddressSchema.safeParse(address).success).toBe(true);
    expect(AddressSchema.safeParse({ ...address, countryCode: 'GBR' }).success).toBe(false);
  });

  it('wants integers for stepOrderNo-like fields and quantity', () => {
    const task = {
      uuid,
      deliveryStepTaskUuid: uuid,
      deliveryStepUuid: uuid,
      deliveryStepTaskTypeSlug: 'pickup',
      taskOrderNo: 1.5,
      completedAt: null,
    };
    expect(DeliveryStepTaskSchema.safeParse(task).success).toBe(false);
    const parcel = {
      uuid,
      name: 'Box',
      volumeCm3: 1000,
      weightKg: 2,
      quantity: 2.5,
      isFragile: false,
      createdAt: now,
      updatedAt: now,
    };
    expect(ParcelSchema.safeParse(parcel).success).toBe(false);
    expect(ParcelSchema.safeParse({ ...parcel, quantity: 2 }).success).toBe(true);
  });

  it('accepts only known company types', () => {
    const company = {
      uuid,
      slug: 'acme',
      name: 'Acme',
      description: '',
      logoUrl: null,
      companyTypeSlug: 'shipper',
      countryCode: 'GB',
      isActive: true,
      createdAt: now,
      updatedAt: now,
    };
    expect(CompanySchema.safeParse(company).success).toBe(true);
    expect(CompanySchema.safeParse({ ...company, countryCode: null }).success).toBe(true);
    expect(CompanySchema.safeParse({ ...company, companyTypeSlug: 'pirate' }).success).toBe(false);
  });
});

describe('statuses and sizes', () => {
  it('has the 17 vehicle sizes, 8 driver statuses and 6 vehicle statuses of the spec', () => {
    expect(VEHICLE_SIZES).toHaveLength(17);
    expect(VEHICLE_SIZES[0]).toBe('unknown');
    expect(DRIVER_STATUSES).toHaveLength(8);
    expect(VEHICLE_STATUSES).toHaveLength(6);
  });

  it('maps statuses to the colour tags of the spec', () => {
    expect(driverStatusTag('available')).toBe('success');
    expect(driverStatusTag('booked')).toBe('orange');
    expect(driverStatusTag('on-break')).toBe('light-blue');
    expect(driverStatusTag('offline')).toBe('red');
    expect(vehicleStatusTag('maintenance')).toBe('red');
    expect(vehicleStatusTag('on-delivery')).toBe('light-blue');
  });

  it('splits driver statuses into off work, free and on delivery, and vehicle statuses the same way', () => {
    const drivers = DRIVER_STATUSES.map((s) => s.slug as string);
    const vehicles = VEHICLE_STATUSES.map((s) => s.slug as string);
    const all = [...OFF_WORK_STATUSES, ...FREE_STATUSES, ON_DELIVERY_STATUS];
    expect([...drivers].sort()).toEqual([...all].sort());
    expect(vehicles.every((s) => all.includes(s))).toBe(true);
    expect(isOffWork('on-break')).toBe(true);
    expect(isOffWork('maintenance')).toBe(true);
    expect(isOffWork('booked')).toBe(false);
    expect(isOffWork('on-delivery')).toBe(false);
  });
});

describe('call bodies', () => {
  it('normalises the login e-mail and requires a password', () => {
    expect(LoginBodySchema.parse({ email: ' Ada@Example.COM ', password: 'x' }).email).toBe(
      'ada@example.com',
    );
    expect(LoginBodySchema.safeParse({ email: 'ada@example.com', password: '' }).success).toBe(false);
  });

  it('refuses a password change whose confirmation differs, on the confirmation field', () => {
    const r = UpdatePasswordBodySchema.safeParse({
      currentPassword: 'a',
      password: 'longenough1',
      passwordConfirmation: 'other',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['passwordConfirmation']);
  });

  it('allows one primary phone number at most', () => {
    const p = { phoneNumber: '+44 20 7946 0000', phoneNumberType: 'mobile', isPrimary: true };
    expect(UpdatePhoneNumbersBodySchema.safeParse({ phoneNumbers: [p] }).success).toBe(true);
    expect(UpdatePhoneNumbersBodySchema.safeParse({ phoneNumbers: [p, p] }).success).toBe(false);
  });

  it('fills path parameters and encodes them', () => {
    expect(
      buildPath('/c/:companySlug/admin/user/:userId/status', { companySlug: 'acme', userId: uuid }),
    ).toBe(`/c/acme/admin/user/${uuid}/status`);
    expect(() => buildPath('/c/:companySlug/admin/user', {})).toThrow(/companySlug/);
  });

  it('builds display names and keeps the spec constants', () => {
    expect(displayName({ firstname: 'Ada', lastname: ' ' })).toBe('Ada');
    expect(NOTIFICATION_AUTO_CLOSE_MS).toBe(5000);
  });
});

describe('client state shapes', () => {
  it('replaces out-of-range map coordinates by 0 and says so', async () => {
    const { sanitizeCoordinates } = await import('./index.js');
    expect(sanitizeCoordinates({ lng: -0.187, lat: 51.528 })).toEqual({
      lng: -0.187,
      lat: 51.528,
      replaced: false,
    });
    expect(sanitizeCoordinates({ lng: 200, lat: 51 })).toEqual({ lng: 0, lat: 51, replaced: true });
    expect(sanitizeCoordinates({ lng: 10, lat: -91 })).toEqual({ lng: 10, lat: 0, replaced: true });
  });

  it('defaults bid rates to the spec values', async () => {
    const { BidRateValuesSchema } = await import('./index.js');
    expect(BidRateValuesSchema.parse({})).toEqual({ costPerDistance: 1, costPerHour: 2, baseFare: 3 });
  });
});
