import { isOffWork, ON_DELIVERY_STATUS, type DriverInfo, type Vehicle } from '@courier/contract';
import { personName, type PeopleNames } from './person-name';

export interface AssignmentOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * Free first, then busy (on a delivery already: couriers batch work), then those who cannot take work (on a break,
 * offline, on leave, in maintenance): shown, so the office sees why, but not choosable (the server refuses them with
 * a 422 too, decision 015). One already chosen stays choosable, so it can still be removed.
 */
const rank = (slug: string) => (isOffWork(slug) ? 2 : slug === ON_DELIVERY_STATUS ? 1 : 0);

function ordered<T>(items: T[], statusOf: (item: T) => string, nameOf: (item: T) => string): T[] {
  return [...items].sort(
    (a, b) => rank(statusOf(a)) - rank(statusOf(b)) || nameOf(a).localeCompare(nameOf(b)),
  );
}

export function driverOptions(
  people: PeopleNames | undefined,
  drivers: DriverInfo[],
  statusLabel: (slug: string) => string,
  chosen: readonly string[] = [],
): AssignmentOption[] {
  const nameOf = (d: DriverInfo) => personName(people, d.driverUserUuid);
  return ordered(drivers, (d) => d.driverStatusSlug, nameOf).map((d) => {
    const off = isOffWork(d.driverStatusSlug) && !chosen.includes(d.driverUserUuid);
    const status = d.driverStatusName || statusLabel(d.driverStatusSlug);
    return {
      value: d.driverUserUuid,
      label: `${nameOf(d)} · ${status}${off ? ' (cannot take work)' : ''}`,
      ...(off ? { disabled: true } : {}),
    };
  });
}

export function vehicleOptions(
  vehicles: Vehicle[],
  statusLabel: (slug: string) => string,
  chosen: string | null = null,
): AssignmentOption[] {
  return ordered(
    vehicles,
    (v) => v.vehicleStatusTypeSlug,
    (v) => v.name,
  ).map((v) => {
    const off = isOffWork(v.vehicleStatusTypeSlug) && v.uuid !== chosen;
    return {
      value: v.uuid,
      label: `${v.name} · ${statusLabel(v.vehicleStatusTypeSlug)}${off ? ' (cannot take work)' : ''}`,
      ...(off ? { disabled: true } : {}),
    };
  });
}
