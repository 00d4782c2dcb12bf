import type { Vehicle, VehicleInput } from '@courier/contract';

/** The vehicle form's fields as the inputs hold them (the year as typed). */
export interface VehicleFormValues {
  name: string;
  description: string;
  registrationNumber: string;
  vehicleModelUuid: string | null;
  vehicleMakeTypeSlug: string | null;
  vehicleSizeTypeSlug: string;
  vehicleColourTypeSlug: string | null;
  vehicleYear: number | string;
  vehicleStatusTypeSlug: string;
  vehicleFeatureTypes: string[];
  fleetUuids: string[];
}

export const EMPTY_VEHICLE: VehicleFormValues = {
  name: '',
  description: '',
  registrationNumber: '',
  vehicleModelUuid: null,
  vehicleMakeTypeSlug: null,
  vehicleSizeTypeSlug: 'unknown',
  vehicleColourTypeSlug: null,
  vehicleYear: '',
  vehicleStatusTypeSlug: 'available',
  vehicleFeatureTypes: [],
  fleetUuids: [],
};

export function valuesOf(vehicle: Vehicle): VehicleFormValues {
  return {
    name: vehicle.name,
    description: vehicle.description,
    registrationNumber: vehicle.registrationNumber,
    vehicleModelUuid: vehicle.vehicleModelUuid,
    vehicleMakeTypeSlug: vehicle.vehicleMakeTypeSlug,
    vehicleSizeTypeSlug: vehicle.vehicleSizeTypeSlug,
    vehicleColourTypeSlug: vehicle.vehicleColourTypeSlug,
    vehicleYear: vehicle.vehicleYear ?? '',
    vehicleStatusTypeSlug: vehicle.vehicleStatusTypeSlug,
    vehicleFeatureTypes: vehicle.vehicleFeatureTypes,
    fleetUuids: vehicle.fleetUuids,
  };
}

/** The request body: an empty year is "no year", the rest goes as typed for the contract schema to check. */
export function bodyOf(values: VehicleFormValues): VehicleInput {
  const year = typeof values.vehicleYear === 'string' ? values.vehicleYear.trim() : values.vehicleYear;
  return {
    ...values,
    vehicleYear: year === '' ? null : Number(year),
  } as VehicleInput;
}
