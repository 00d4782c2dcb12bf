import type { DriverInfo, Vehicle } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { driverOptions, vehicleOptions } from './assignment-options';

const label = (slug: string) => slug.toUpperCase();
const driver = (uuid: string, status: string): DriverInfo =>
  ({
    uuid: `info-${uuid}`,
    driverUserUuid: uuid,
    driverStatusSlug: status,
    driverStatusName: '',
  }) as DriverInfo;
const people = {
  users: {
    a: { firstname: 'Ann', lastname: 'Able' },
    b: { firstname: 'Ben', lastname: 'Busy' },
    c: { firstname: 'Cat', lastname: 'Coffee' },
  },
} as never;

describe('assignment pickers', () => {
  it('lists free drivers first, busy next, and those on a break last and not choosable', () => {
    const options = driverOptions(
      people,
      [driver('c', 'on-break'), driver('b', 'on-delivery'), driver('a', 'available')],
      label,
    );
    expect(options.map((o) => o.value)).toEqual(['a', 'b', 'c']);
    expect(options[2]).toMatchObject({ disabled: true, label: 'Cat Coffee · ON-BREAK (cannot take work)' });
    expect(options[0]?.disabled).toBeUndefined();
  });

  it('keeps a driver already chosen choosable, so the office can take them off', () => {
    const [option] = driverOptions(people, [driver('c', 'offline')], label, ['c']);
    expect(option?.disabled).toBeUndefined();
  });

  it('rules out vehicles in maintenance unless chosen', () => {
    const vehicles = [
      { uuid: 'v1', name: 'Van', vehicleStatusTypeSlug: 'maintenance' },
      { uuid: 'v2', name: 'Bike', vehicleStatusTypeSlug: 'available' },
    ] as Vehicle[];
    expect(vehicleOptions(vehicles, label).map((o) => [o.value, o.disabled ?? false])).toEqual([
      ['v2', false],
      ['v1', true],
    ]);
    expect(vehicleOptions(vehicles, label, 'v1').find((o) => o.value === 'v1')?.disabled).toBeUndefined();
  });
});
