import type { DeliveryStatusRecord, VehicleDriverAssignment } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { assignedDriverNames, assignedVehicleName, authorName } from './person-name';
import { isBackward } from './status-actions';
import { journeyOf } from './status-history';

let seq = 0;
const record = (
  statusSlug: string,
  at: string,
  extra: Partial<DeliveryStatusRecord> = {},
): DeliveryStatusRecord => ({
  uuid: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  deliveryUuid: '00000000-0000-4000-8000-000000000000',
  statusType: 'live',
  statusSlug,
  createdAt: `2026-11-29T${at}.000Z`,
  createdByUserUuid: 'a',
  ...extra,
});

describe("a delivery's journey", () => {
  it('leaves the quotes out and reads planning moves made together as one step, every move on the road apart', () => {
    const journey = journeyOf([
      record('created', '09:00:00'),
      record('draft', '09:00:00', { statusType: 'quote' }),
      record('scheduled', '09:00:20'),
      record('quoted', '09:05:00', { statusType: 'quote' }),
      record('assigned', '09:30:00', { createdByUserUuid: 'b' }),
      record('en-route-to-pickup', '09:30:10', { createdByUserUuid: 'c' }),
      record('at-pickup', '09:30:20', { createdByUserUuid: 'c' }),
    ]);
    expect(journey.map((s) => [s.record.statusSlug, s.via])).toEqual([
      ['at-pickup', []],
      ['en-route-to-pickup', []],
      ['assigned', []],
      ['scheduled', ['created']],
    ]);
  });

  it('keeps a move with a message on its own', () => {
    const journey = journeyOf([
      record('en-route-to-pickup', '10:00:00'),
      record('failed', '10:00:30', { statusMessage: 'No one at the door' }),
    ]);
    expect(journey.map((s) => s.record.statusSlug)).toEqual(['failed', 'en-route-to-pickup']);
  });
});

describe('moves back', () => {
  it('are the moves to an earlier step of the journey, not cancelling or failing', () => {
    expect(isBackward('scheduled', 'created')).toBe(true);
    expect(isBackward('en-route-to-pickup', 'assigned')).toBe(true);
    expect(isBackward('created', 'scheduled')).toBe(false);
    expect(isBackward('at-pickup', 'cancelled')).toBe(false);
    expect(isBackward('at-pickup', 'failed')).toBe(false);
  });
});

describe("the carrier's work as the owner sees it", () => {
  const people = { users: { own: { firstname: 'Ada', lastname: 'Lovelace' } } } as never;
  const assignment: VehicleDriverAssignment = {
    deliveryUuid: 'd',
    vehicleUuid: 'v',
    driverUserUuids: ['own', 'theirs'],
    assignedAt: '2026-11-29T09:00:00.000Z',
    unassignedAt: null,
    vehicle: { registrationNumber: 'LD24 KXE', sizeSlug: 'small-van' },
    drivers: [{ uuid: 'theirs', firstName: 'Mia' }],
  };

  it('names the drivers and the vehicle as the server lets both parties read them', () => {
    expect(assignedDriverNames(people, assignment)).toBe('Ada Lovelace, Mia');
    expect(assignedVehicleName([], assignment, () => 'Small van')).toBe('Small van (LD24 KXE)');
    expect(
      assignedVehicleName([{ uuid: 'v', name: 'Van 1', registrationNumber: 'X1' }], assignment, String),
    ).toBe('Van 1 (X1)');
    expect(
      assignedVehicleName(
        [],
        { ...assignment, vehicle: { registrationNumber: 'R1', sizeSlug: 'unknown' } },
        String,
      ),
    ).toBe('Vehicle (R1)');
    expect(
      authorName(
        people,
        record('assigned', '09:00:00', { createdByUserUuid: 'x', createdByFirstName: 'Mia' }),
      ),
    ).toBe('Mia');
    expect(authorName(people, record('assigned', '09:00:00', { createdByUserUuid: undefined }))).toBe(
      'System',
    );
  });

  it("names a client system's move by its API key (decision 065), not as the system's", () => {
    const byKey = record('at-pickup', '12:11:00', {
      createdByUserUuid: undefined,
      createdByApiKeyName: 'Web shop',
    });
    expect(authorName(people, byKey)).toBe('API key “Web shop”');
  });
});
