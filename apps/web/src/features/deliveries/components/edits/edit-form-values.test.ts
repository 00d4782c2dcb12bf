import {
  AddContactToTaskBodySchema,
  AddParcelToTaskBodySchema,
  AddStepWithAddressBodySchema,
  type DeliveryStep,
  type DeliveryStepTask,
} from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  contactBody,
  emptyContact,
  emptyParcel,
  emptyStep,
  isEditable,
  parcelBody,
  stepBody,
  stepErrorKey,
  taskOptions,
} from './edit-form-values';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('stepBody', () => {
  it('sends the directory address alone in directory mode', () => {
    const v = { ...emptyStep('pickup'), addressUuid: uuid(1) };
    v.address.line1 = 'ignored';
    expect(stepBody(v)).toEqual({ kind: 'pickup', addressUuid: uuid(1) });
    expect(AddStepWithAddressBodySchema.safeParse(stepBody(v)).success).toBe(true);
  });

  it('asks for an address when none is chosen, on the select', () => {
    const result = AddStepWithAddressBodySchema.safeParse(stepBody(emptyStep()));
    expect(result.success).toBe(false);
    const path = result.error?.issues[0]?.path.join('.') ?? '';
    expect(stepErrorKey(path, 'directory')).toBe('addressUuid');
    expect(stepErrorKey(path, 'typed')).toBe('address');
  });

  it('sends a typed address without blank optional fields, coordinates as numbers', () => {
    const v = emptyStep('dropoff');
    v.mode = 'typed';
    Object.assign(v.address, {
      line1: '1 Main St',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      lat: '53.8',
      lng: -1.55,
    });
    expect(stepBody(v)).toEqual({
      kind: 'dropoff',
      address: {
        line1: '1 Main St',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        countryCode: 'GB',
        lat: 53.8,
        lng: -1.55,
      },
    });
    expect(AddStepWithAddressBodySchema.safeParse(stepBody(v)).success).toBe(true);
  });

  it('lets the contract name the missing typed fields by their form paths', () => {
    const v = emptyStep();
    v.mode = 'typed';
    v.address.lat = 51;
    const result = AddStepWithAddressBodySchema.safeParse(stepBody(v));
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['address.line1', 'address.city', 'address.postcode', 'address.lng']),
    );
  });
});

describe('contactBody and parcelBody', () => {
  it('leaves a blank e-mail out and validates against the contract', () => {
    const c = { ...emptyContact(), firstname: 'Ada', lastname: 'Lovelace' };
    expect(contactBody(c)).not.toHaveProperty('email');
    expect(
      AddContactToTaskBodySchema.safeParse({ deliveryStepTaskUuid: uuid(1), contact: contactBody(c) })
        .success,
    ).toBe(true);
    const bad = AddContactToTaskBodySchema.safeParse({
      deliveryStepTaskUuid: uuid(1),
      contact: contactBody({ ...c, email: 'not-mail' }),
    });
    expect(bad.error?.issues[0]?.path.join('.')).toBe('contact.email');
  });

  it('leaves blank numbers to the contract defaults', () => {
    const p = { ...emptyParcel(), name: 'Box', quantity: '' };
    expect(parcelBody(p)).toEqual({ name: 'Box', isFragile: false });
    const parsed = AddParcelToTaskBodySchema.parse({ deliveryStepTaskUuid: uuid(1), parcel: parcelBody(p) });
    expect(parsed.parcel.quantity).toBe(1);
    const bad = AddParcelToTaskBodySchema.safeParse({
      deliveryStepTaskUuid: uuid(1),
      parcel: parcelBody({ ...p, name: '', weightKg: -2 }),
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['parcel.name', 'parcel.weightKg']);
  });
});

describe('taskOptions', () => {
  it('lists tasks in step order then task order, numbered like the timeline', () => {
    const steps: DeliveryStep[] = [
      { uuid: uuid(2), deliveryUuid: uuid(9), stepOrderNo: 2 },
      { uuid: uuid(1), deliveryUuid: uuid(9), stepOrderNo: 1 },
    ];
    const task = (n: number, step: number, slug: string, order: number, done = false): DeliveryStepTask => ({
      uuid: uuid(n),
      deliveryStepTaskUuid: uuid(n),
      deliveryStepUuid: uuid(step),
      deliveryStepTaskTypeSlug: slug,
      taskOrderNo: order,
      completedAt: done ? '2026-01-01T00:00:00Z' : null,
    });
    const tasks = [task(13, 2, 'signature', 2), task(12, 2, 'dropoff', 1), task(11, 1, 'pickup', 1, true)];
    expect(taskOptions(steps, tasks, (s) => s.toUpperCase())).toEqual([
      { value: uuid(11), label: 'Step 1 · PICKUP (done)' },
      { value: uuid(12), label: 'Step 2 · DROPOFF' },
      { value: uuid(13), label: 'Step 2 · SIGNATURE' },
    ]);
  });
});

describe('isEditable', () => {
  it('refuses finished deliveries only', () => {
    expect(isEditable('created')).toBe(true);
    expect(isEditable('picked-up')).toBe(true);
    expect(isEditable('completed')).toBe(false);
    expect(isEditable('cancelled')).toBe(false);
  });
});
