import { CreateDeliveryBodySchema } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { emptyFullDelivery, fullDeliveryBody, fullFieldOf, newParcel, newStep } from './full-form-values';

const VEHICLE = '0b5f8c1e-7a3b-4c55-9d1e-2f6a7b8c9d0e';
const DRIVER = '1c6f8c1e-7a3b-4c55-9d1e-2f6a7b8c9d0f';

function filled() {
  const v = emptyFullDelivery();
  v.name = 'Three stops';
  v.steps = [newStep('pickup'), newStep('dropoff'), newStep('dropoff')].map((s, i) => ({
    ...s,
    line1: `${i + 1} High St`,
    city: 'London',
    postcode: 'N1 1AA',
  }));
  v.steps[1] = { ...v.steps[1]!, contactFirstname: 'Jo', contactLastname: 'Doe', contactPhone: '0700' };
  v.parcels = [
    { ...newParcel(), name: '' },
    { ...newParcel(), name: 'Lamp', weightKg: '3' },
  ];
  v.vehicleUuid = VEHICLE;
  v.driverUserUuids = [DRIVER];
  return v;
}

describe('full delivery form', () => {
  it('maps steps with contacts, filled parcels and the assignment', () => {
    const body = fullDeliveryBody(filled());
    expect(body.steps).toHaveLength(3);
    expect(body.steps[1]?.contacts).toEqual([{ firstname: 'Jo', lastname: 'Doe', phoneNumber: '0700' }]);
    expect(body.steps[0]?.contacts).toEqual([]);
    expect(body.parcels).toEqual([{ name: 'Lamp', quantity: 1, weightKg: 3, isFragile: false }]);
    expect(body.vehicleUuid).toBe(VEHICLE);
    expect(body.driverUserUuids).toEqual([DRIVER]);
    expect(CreateDeliveryBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses drivers without a vehicle and a last step that is not a dropoff', () => {
    const v = filled();
    v.vehicleUuid = null;
    v.steps[2] = { ...v.steps[2]!, kind: 'pickup' };
    const result = CreateDeliveryBodySchema.safeParse(fullDeliveryBody(v));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths).toContain('vehicleUuid');
    expect(paths).toContain('steps.2.kind');
  });

  it('maps error paths back to the form rows', () => {
    const v = filled();
    expect(fullFieldOf('parcels.0.weightKg', v)).toBe('parcels.1.weightKg');
    expect(fullFieldOf('steps.1.address.city', v)).toBe('steps.1.city');
    expect(fullFieldOf('scheduleWindows.0.endAt', v)).toBe('windows.0.endAt');
    expect(fullFieldOf('name', v)).toBe('name');
    // A step contact's error is the contact field's beside the step (issue 33: it was lost, the form did nothing).
    expect(fullFieldOf('steps.1.contacts.0.lastname', v)).toBe('steps.1.contactLastname');
    expect(fullFieldOf('steps.0.contacts.0.phoneNumber', v)).toBe('steps.0.contactPhone');
    expect(fullFieldOf('steps.0.contacts', v)).toBe('steps.0.contactFirstname');
  });

  it('sends a directory address alone, and the extra task types chosen', () => {
    const v = filled();
    const ADDRESS = '2d7f8c1e-7a3b-4c55-9d1e-2f6a7b8c9d01';
    v.steps[0] = { ...v.steps[0]!, mode: 'directory', addressUuid: ADDRESS, extraTaskTypes: ['photo'] };
    const body = fullDeliveryBody(v);
    expect(body.steps[0]).toMatchObject({ kind: 'pickup', addressUuid: ADDRESS, extraTaskTypes: ['photo'] });
    expect(body.steps[0]).not.toHaveProperty('address');
    expect(CreateDeliveryBodySchema.safeParse(body).success).toBe(true);
  });

  it('puts a missing directory address on the step select', () => {
    const v = filled();
    v.steps[1] = { ...v.steps[1]!, mode: 'directory', addressUuid: null };
    const result = CreateDeliveryBodySchema.safeParse(fullDeliveryBody(v));
    const path = result.error?.issues[0]?.path.join('.') ?? '';
    expect(path).toBe('steps.1.address');
    expect(fullFieldOf(path, v)).toBe('steps.1.addressUuid');
  });
});
