/** Colour tags of the spec (section 4), mapped to theme colours by the web app. */
export const STATUS_TAGS = ['success', 'orange', 'red', 'light-blue'] as const;
export type StatusTag = (typeof STATUS_TAGS)[number];

export const DRIVER_STATUSES = [
  { slug: 'available', name: 'Available', tag: 'success' },
  { slug: 'booked', name: 'Booked', tag: 'orange' },
  { slug: 'maintenance', name: 'Maintenance', tag: 'red' },
  { slug: 'on-break', name: 'On break', tag: 'light-blue' },
  { slug: 'on-leave', name: 'On leave', tag: 'light-blue' },
  { slug: 'offline', name: 'Offline', tag: 'red' },
  { slug: 'on-delivery', name: 'On delivery', tag: 'light-blue' },
  { slug: 'unavailable', name: 'Unavailable', tag: 'red' },
] as const satisfies readonly { slug: string; name: string; tag: StatusTag }[];
export type DriverStatusSlug = (typeof DRIVER_STATUSES)[number]['slug'];

export const VEHICLE_STATUSES = [
  { slug: 'available', name: 'Available', tag: 'success' },
  { slug: 'booked', name: 'Booked', tag: 'orange' },
  { slug: 'maintenance', name: 'Maintenance', tag: 'red' },
  { slug: 'offline', name: 'Offline', tag: 'red' },
  { slug: 'on-delivery', name: 'On delivery', tag: 'light-blue' },
  { slug: 'unavailable', name: 'Unavailable', tag: 'red' },
] as const satisfies readonly { slug: string; name: string; tag: StatusTag }[];
export type VehicleStatusSlug = (typeof VEHICLE_STATUSES)[number]['slug'];

/**
 * Statuses of a vehicle or driver that rule out work: one in these cannot be assigned (decision 015). `booked` and
 * `on-delivery` can be: couriers batch deliveries.
 */
export const OFF_WORK_STATUSES = ['maintenance', 'offline', 'unavailable', 'on-leave', 'on-break'] as const;
/** What a vehicle or driver is while a delivery it is linked to is being worked. */
export const ON_DELIVERY_STATUS = 'on-delivery';
/** Statuses that the work replaces with on-delivery; any other was set by an admin and is kept. */
export const FREE_STATUSES = ['available', 'booked'] as const;

export function isOffWork(statusSlug: string): boolean {
  return (OFF_WORK_STATUSES as readonly string[]).includes(statusSlug);
}

export const VEHICLE_SIZES = [
  'unknown',
  'foot',
  'bicycle',
  'bicycle-cargo',
  'motorcycle',
  'car-compact',
  'car-sedan',
  'car-suv',
  'car-estate',
  'van-small',
  'van-medium',
  'van-large',
  'van-extra-large',
  'truck-light',
  'truck-medium',
  'truck-heavy',
  'truck-semi',
] as const;
export type VehicleSizeSlug = (typeof VEHICLE_SIZES)[number];

const driverTags = new Map<string, StatusTag>(DRIVER_STATUSES.map((s) => [s.slug, s.tag]));
const vehicleTags = new Map<string, StatusTag>(VEHICLE_STATUSES.map((s) => [s.slug, s.tag]));

/** The colour tag of a driver status; an unknown slug gets the neutral red of "unavailable". */
export function driverStatusTag(slug: string): StatusTag {
  return driverTags.get(slug) ?? 'red';
}
export function vehicleStatusTag(slug: string): StatusTag {
  return vehicleTags.get(slug) ?? 'red';
}
