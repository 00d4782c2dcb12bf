import type {
  AddressInput,
  ContactInput,
  DeliveryStep,
  DeliveryStepTask,
  ParcelInput,
} from '@courier/contract';
import { isLiveStatus, LIVE_FINAL_STATUSES } from '@courier/contract';
import { pointBody, type PointValues } from '../../../../components/address-search/address-point';
import { DEFAULT_COUNTRY_CODE } from '../../../../lib/session/company-country';

/**
 * Form values shaped like the request bodies (`address.line1`, `contact.firstname`, `parcel.name`), so the
 * contract schema's issue paths and a 422 answer's field keys land on the right inputs without any mapping.
 */

export type AddressMode = 'directory' | 'typed';
type NumberField = number | string;

/** A typed address with its point: a picked suggestion's, coordinates typed in, or none. */
export interface TypedAddressValues extends PointValues {
  line1: string;
  line2: string;
  city: string;
  postcode: string;
  countryCode: string;
}

export interface StepFormValues {
  kind: 'pickup' | 'dropoff';
  mode: AddressMode;
  addressUuid: string | null;
  address: TypedAddressValues;
}

export const emptyTypedAddress = (countryCode = DEFAULT_COUNTRY_CODE): TypedAddressValues => ({
  line1: '',
  line2: '',
  city: '',
  postcode: '',
  countryCode,
  lat: '',
  lng: '',
  placement: '',
  placeLabel: '',
});

export const emptyStep = (
  kind: 'pickup' | 'dropoff' = 'dropoff',
  countryCode = DEFAULT_COUNTRY_CODE,
): StepFormValues => ({
  kind,
  mode: 'directory',
  addressUuid: null,
  address: emptyTypedAddress(countryCode),
});

const numberOrUndefined = (v: NumberField): number | undefined =>
  v === '' || v === null || v === undefined ? undefined : Number(v);
const textOrUndefined = (v: string): string | undefined => (v.trim() ? v : undefined);

/** A typed address as the API reads it: blank optional lines and coordinates left out. */
export function typedAddressBody(a: TypedAddressValues): AddressInput {
  return {
    line1: a.line1,
    ...(textOrUndefined(a.line2) ? { line2: a.line2 } : {}),
    city: a.city,
    postcode: a.postcode,
    countryCode: a.countryCode,
    ...pointBody(a),
  };
}

/** Either the chosen directory address or the typed one, never both (the contract refuses both). */
export function addressChoiceBody(
  mode: AddressMode,
  addressUuid: string | null,
  address: TypedAddressValues,
): { addressUuid: string } | { address: AddressInput } | Record<string, never> {
  if (mode === 'directory') return addressUuid ? { addressUuid } : {};
  return { address: typedAddressBody(address) };
}

export function stepBody(v: StepFormValues) {
  return { kind: v.kind, ...addressChoiceBody(v.mode, v.addressUuid, v.address) };
}

/** The refine "choose an address or type one" is reported on `address`; in directory mode it belongs to the select. */
export function stepErrorKey(path: string, mode: AddressMode): string {
  return mode === 'directory' && path === 'address' ? 'addressUuid' : path;
}

export interface ContactValues {
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber: string;
  companyName: string;
}

export const emptyContact = (): ContactValues => ({
  firstname: '',
  lastname: '',
  email: '',
  phoneNumber: '',
  companyName: '',
});

export function contactBody(c: ContactValues): ContactInput {
  return {
    firstname: c.firstname,
    lastname: c.lastname,
    ...(c.email.trim() ? { email: c.email } : {}),
    phoneNumber: c.phoneNumber,
    companyName: c.companyName,
  };
}

export interface ParcelValues {
  name: string;
  description: string;
  quantity: NumberField;
  weightKg: NumberField;
  volumeCm3: NumberField;
  isFragile: boolean;
}

export const emptyParcel = (): ParcelValues => ({
  name: '',
  description: '',
  quantity: 1,
  weightKg: '',
  volumeCm3: '',
  isFragile: false,
});

/** Blank numbers are left out so the contract's defaults apply (a blank quantity is 1, not 0). */
export function parcelBody(p: ParcelValues): ParcelInput {
  const quantity = numberOrUndefined(p.quantity);
  const weightKg = numberOrUndefined(p.weightKg);
  const volumeCm3 = numberOrUndefined(p.volumeCm3);
  return {
    name: p.name,
    ...(textOrUndefined(p.description) ? { description: p.description } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(weightKg !== undefined ? { weightKg } : {}),
    ...(volumeCm3 !== undefined ? { volumeCm3 } : {}),
    isFragile: p.isFragile,
  };
}

export interface TaskOption {
  value: string;
  label: string;
}

/** Every task of the delivery as "Step 2 · Dropoff", in step then task order. */
export function taskOptions(
  steps: DeliveryStep[],
  tasks: DeliveryStepTask[],
  labelOf: (slug: string) => string,
): TaskOption[] {
  const ordered = [...steps].sort((a, b) => a.stepOrderNo - b.stepOrderNo);
  return ordered.flatMap((step, index) =>
    tasks
      .filter((t) => t.deliveryStepUuid === step.uuid)
      .sort((a, b) => a.taskOrderNo - b.taskOrderNo)
      .map((t) => ({
        value: t.uuid,
        label: `Step ${index + 1} · ${labelOf(t.deliveryStepTaskTypeSlug)}${t.completedAt ? ' (done)' : ''}`,
      })),
  );
}

/** The server refuses any change to a completed, cancelled or returned delivery (409). */
export function isEditable(liveStatusSlug: string): boolean {
  return !(isLiveStatus(liveStatusSlug) && LIVE_FINAL_STATUSES.includes(liveStatusSlug));
}
