import { ParcelInputSchema } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { parcelBody } from './parcel-form-values';

describe('parcel form', () => {
  it('fills defaults for empty numbers and drops an empty description', () => {
    const body = parcelBody({
      name: 'Lamp',
      description: ' ',
      quantity: '',
      weightKg: '',
      volumeCm3: '',
      isFragile: true,
    });
    expect(body).toEqual({ name: 'Lamp', quantity: 1, weightKg: 0, volumeCm3: 0, isFragile: true });
    expect(ParcelInputSchema.safeParse(body).success).toBe(true);
  });

  it('keeps typed values and lets the schema refuse a bad quantity', () => {
    const body = parcelBody({
      name: 'Chairs',
      description: 'Four',
      quantity: '0',
      weightKg: 12.5,
      volumeCm3: 9000,
      isFragile: false,
    });
    expect(body).toMatchObject({ description: 'Four', quantity: 0, weightKg: 12.5, volumeCm3: 9000 });
    expect(ParcelInputSchema.safeParse(body).success).toBe(false);
  });
});
