import type { ParcelInput } from '@courier/contract';

export interface ParcelFormValues {
  name: string;
  description: string;
  quantity: number | string;
  weightKg: number | string;
  volumeCm3: number | string;
  isFragile: boolean;
}

const numberOr = (value: number | string, fallback: number) =>
  value === '' || value === undefined ? fallback : Number(value);

/** The parcel form as the contract's parcel input: empty numbers take their defaults, an empty description goes. */
export function parcelBody(values: ParcelFormValues): ParcelInput {
  return {
    name: values.name,
    ...(values.description.trim() ? { description: values.description } : {}),
    quantity: numberOr(values.quantity, 1),
    weightKg: numberOr(values.weightKg, 0),
    volumeCm3: numberOr(values.volumeCm3, 0),
    isFragile: values.isFragile,
  };
}
