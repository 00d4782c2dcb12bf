import type { DeliveryStatusRecord, VehicleDriverAssignment, Vehicle } from '@courier/contract';
import type { DeliveryPeople } from '../api/list-people';

export type PeopleNames = Pick<DeliveryPeople, 'users'>;

/** A user's full name from the company's people; "System" for a change no one made. */
export function personName(people: PeopleNames | undefined, uuid: string | undefined): string {
  if (!uuid) return 'System';
  const user = people?.users[uuid];
  return user ? `${user.firstname} ${user.lastname}`.trim() : 'Someone';
}

/**
 * Who made a status move: a client's system by its API key's name (decision 065), one of the company's people by
 * full name, else (the other party's, a carrier's driver) by the first name the server gives (issue 33).
 */
export function authorName(people: PeopleNames | undefined, record: DeliveryStatusRecord): string {
  if (record.createdByApiKeyName) return `API key “${record.createdByApiKeyName}”`;
  const uuid = record.createdByUserUuid;
  if (uuid && !people?.users[uuid] && record.createdByFirstName) return record.createdByFirstName;
  return personName(people, uuid);
}

/** An assignment's drivers: the company's own by full name, the carrier's by first name. */
export function assignedDriverNames(
  people: PeopleNames | undefined,
  assignment: VehicleDriverAssignment,
): string {
  return assignment.driverUserUuids
    .map((uuid) =>
      people?.users[uuid]
        ? personName(people, uuid)
        : (assignment.drivers?.find((d) => d.uuid === uuid)?.firstName ?? 'A driver'),
    )
    .join(', ');
}

/**
 * An assignment's vehicle: one of the company's own by its name and registration, the carrier's by its size and
 * registration ("Small van (LD24 KXE)").
 */
export function assignedVehicleName(
  own: readonly Pick<Vehicle, 'uuid' | 'name' | 'registrationNumber'>[] | undefined,
  assignment: VehicleDriverAssignment,
  sizeLabel: (slug: string) => string,
): string {
  const vehicle = own?.find((v) => v.uuid === assignment.vehicleUuid);
  if (vehicle) return `${vehicle.name} (${vehicle.registrationNumber})`;
  const seen = assignment.vehicle;
  if (!seen) return 'A vehicle';
  const size = seen.sizeSlug === 'unknown' ? 'Vehicle' : sizeLabel(seen.sizeSlug);
  return `${size} (${seen.registrationNumber})`;
}
