import { LIMITS } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultDeliveryName,
  easyDeliveryBody,
  easyErrorsOf,
  emptyEasyDelivery,
  validateEasyDelivery,
  type EasyDeliveryValues,
} from './easy-form-values';

const UUID = '0b5f8c1e-7a3b-4c55-9d1e-2f6a7b8c9d0e';

function filled(): EasyDeliveryValues {
  const values = emptyEasyDelivery();
  values.pickup = { ...values.pickup, mode: 'directory', addressUuid: UUID, addressLabel: 'Depot' };
  values.dropoff = {
    ...values.dropoff,
    mode: 'typed',
    line1: '5 Park Lane',
    city: 'Leeds',
    postcode: 'LS1 1AA',
    countryCode: 'gb',
  };
  return values;
}

describe('easy delivery form', () => {
  it('maps a directory pickup and a typed dropoff to two steps', () => {
    const body = easyDeliveryBody(filled());
    expect(body.name).toBe('Depot → Leeds');
    expect(body.steps).toEqual([
      { kind: 'pickup', addressUuid: UUID, contacts: [], extraTaskTypes: [] },
      {
        kind: 'dropoff',
        address: { line1: '5 Park Lane', city: 'Leeds', postcode: 'LS1 1AA', countryCode: 'gb' },
        contacts: [],
        extraTaskTypes: [],
      },
    ]);
    expect(body.parcels).toEqual([]);
    expect(body.scheduleWindows).toEqual([]);
    expect(validateEasyDelivery(filled())).toEqual({});
  });

  it('adds one parcel line and a dropoff window', () => {
    const values = {
      ...filled(),
      name: ' Books ',
      parcelName: 'Box of books',
      quantity: '3',
      weightKg: '2.5',
    };
    values.windowStart = '2030-01-02T10:00';
    values.windowEnd = '2030-01-02T12:00';
    const body = easyDeliveryBody(values);
    expect(body.name).toBe('Books');
    expect(body.parcels).toEqual([{ name: 'Box of books', quantity: 3, weightKg: 2.5, isFragile: false }]);
    expect(body.scheduleWindows).toEqual([
      {
        deliveryScheduleWindowTypeSlug: 'dropoff',
        startAt: new Date('2030-01-02T10:00').toISOString(),
        endAt: new Date('2030-01-02T12:00').toISOString(),
      },
    ]);
    expect(validateEasyDelivery(values)).toEqual({});
  });

  it('puts the errors on the fields', () => {
    const values = emptyEasyDelivery();
    values.dropoff.mode = 'typed';
    values.windowStart = '2030-01-02T12:00';
    values.windowEnd = '2030-01-02T10:00';
    const errors = validateEasyDelivery(values);
    expect(errors['pickup.addressUuid']).toBeTruthy();
    expect(errors['dropoff.line1']).toBeTruthy();
    expect(errors['dropoff.city']).toBeTruthy();
    expect(errors.windowEnd).toBe('The window must end after it starts');
    expect(defaultDeliveryName(values)).toBe('New delivery');
  });

  it("shows the contract's limits and messages, and changes no number it is given", () => {
    const values = { ...filled(), name: 'x'.repeat(LIMITS.nameMax + 1), parcelName: 'Box' };
    expect(validateEasyDelivery(values).name).toBe(`Use at most ${LIMITS.nameMax} characters.`);
    const negative = { ...filled(), parcelName: 'Box', quantity: -3, weightKg: -2 };
    expect(easyDeliveryBody(negative).parcels).toEqual([
      { name: 'Box', quantity: -3, weightKg: -2, isFragile: false },
    ]);
    const errors = validateEasyDelivery(negative);
    expect(errors.quantity).toBe('At least 1');
    expect(errors.weightKg).toBe('Weight cannot be negative');
    const heavy = { ...filled(), parcelName: 'Box', quantity: LIMITS.parcelQuantityMax + 1 };
    expect(validateEasyDelivery(heavy).quantity).toBe(`Must be at most ${LIMITS.parcelQuantityMax}.`);
  });

  it('cuts a name made of long place names to the limit', () => {
    const values = filled();
    values.pickup.addressLabel = 'A'.repeat(LIMITS.nameMax);
    expect(defaultDeliveryName(values)).toHaveLength(LIMITS.nameMax);
    expect(validateEasyDelivery(values)).toEqual({});
  });

  it('maps server field errors', () => {
    expect(
      easyErrorsOf({
        'steps.1.address.postcode': 'Postcode is required',
        'parcels.0.weightKg': 'Too heavy',
        name: 'Name the delivery',
      }),
    ).toEqual({
      'dropoff.postcode': 'Postcode is required',
      weightKg: 'Too heavy',
      name: 'Name the delivery',
    });
  });
});
