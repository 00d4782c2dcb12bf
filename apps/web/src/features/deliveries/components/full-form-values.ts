import type { CreateDeliveryBody } from '@courier/contract';
import { noPoint, pointBody, type PointValues } from '../../../components/address-search/address-point';
import { localToIso } from './easy-form-values';
import { DEFAULT_COUNTRY_CODE } from '../../../lib/session/company-country';

/** A step; a typed address keeps the point of a picked suggestion. */
export interface FullStepValues extends PointValues {
  key: string;
  kind: 'pickup' | 'dropoff';
  /** Where the address comes from: the company's directory, or typed in below. */
  mode: 'directory' | 'typed';
  addressUuid: string | null;
  /** Task types done at the step besides its pickup or dropoff (signature, photo …), from the lookup. */
  extraTaskTypes: string[];
  line1: string;
  city: string;
  postcode: string;
  countryCode: string;
  contactFirstname: string;
  contactLastname: string;
  contactPhone: string;
}

export interface FullParcelValues {
  key: string;
  name: string;
  quantity: number | string;
  weightKg: number | string;
  isFragile: boolean;
}

export interface FullWindowValues {
  key: string;
  type: string;
  startAt: string;
  endAt: string;
}

export interface FullDeliveryValues {
  name: string;
  description: string;
  steps: FullStepValues[];
  parcels: FullParcelValues[];
  windows: FullWindowValues[];
  vehicleUuid: string | null;
  driverUserUuids: string[];
}

let counter = 0;
const key = () => `row-${++counter}`;

export const newStep = (kind: 'pickup' | 'dropoff', countryCode = DEFAULT_COUNTRY_CODE): FullStepValues => ({
  key: key(),
  kind,
  mode: 'typed',
  addressUuid: null,
  extraTaskTypes: [],
  line1: '',
  city: '',
  postcode: '',
  countryCode,
  ...noPoint(),
  contactFirstname: '',
  contactLastname: '',
  contactPhone: '',
});
export const newParcel = (): FullParcelValues => ({
  key: key(),
  name: '',
  quantity: 1,
  weightKg: '',
  isFragile: false,
});
export const newWindow = (): FullWindowValues => ({ key: key(), type: 'dropoff', startAt: '', endAt: '' });

/** An empty full form; typed addresses start in `countryCode` (the company's country). */
export const emptyFullDelivery = (countryCode = DEFAULT_COUNTRY_CODE): FullDeliveryValues => ({
  name: '',
  description: '',
  steps: [newStep('pickup', countryCode), newStep('dropoff', countryCode)],
  parcels: [newParcel()],
  windows: [],
  vehicleUuid: null,
  driverUserUuids: [],
});

/** The full form as the create-delivery body; blank parcel lines and a step's blank contact are left out. */
export function fullDeliveryBody(values: FullDeliveryValues): CreateDeliveryBody {
  return {
    name: values.name,
    description: values.description,
    steps: values.steps.map((s) => ({
      kind: s.kind,
      ...(s.mode === 'directory'
        ? s.addressUuid
          ? { addressUuid: s.addressUuid }
          : {}
        : {
            address: {
              line1: s.line1,
              city: s.city,
              postcode: s.postcode,
              countryCode: s.countryCode,
              ...pointBody(s),
            },
          }),
      contacts:
        s.contactFirstname.trim() || s.contactLastname.trim()
          ? [{ firstname: s.contactFirstname, lastname: s.contactLastname, phoneNumber: s.contactPhone }]
          : [],
      extraTaskTypes: s.extraTaskTypes,
    })),
    parcels: values.parcels
      .filter((p) => p.name.trim())
      .map((p) => ({
        name: p.name,
        quantity: p.quantity === '' ? 1 : Number(p.quantity),
        weightKg: p.weightKg === '' ? 0 : Number(p.weightKg),
        isFragile: p.isFragile,
      })),
    scheduleWindows: values.windows.map((w) => ({
      deliveryScheduleWindowTypeSlug: w.type,
      startAt: localToIso(w.startAt),
      endAt: localToIso(w.endAt),
    })),
    ...(values.vehicleUuid ? { vehicleUuid: values.vehicleUuid } : {}),
    driverUserUuids: values.driverUserUuids,
  };
}

/** A step contact's body field as the form's field beside the step. */
const CONTACT_FIELDS: Record<string, string> = {
  firstname: 'contactFirstname',
  lastname: 'contactLastname',
  phoneNumber: 'contactPhone',
};

/**
 * A body path as the form's field: `parcels.N` counts only the filled parcel lines, so map it back; a step's
 * missing address belongs to its directory select when the step picks from the directory; a step contact's error
 * belongs to the contact field beside the step.
 */
export function fullFieldOf(path: string, values: FullDeliveryValues): string {
  const step = /^steps\.(\d+)\.address$/.exec(path);
  if (step && values.steps[Number(step[1])]?.mode === 'directory') return `steps.${step[1]}.addressUuid`;
  const contact = /^steps\.(\d+)\.contacts(?:\.\d+)?(?:\.(\w+))?$/.exec(path);
  if (contact) return `steps.${contact[1]}.${CONTACT_FIELDS[contact[2] ?? ''] ?? 'contactFirstname'}`;
  const m = /^parcels\.(\d+)\.(.*)$/.exec(path);
  if (!m)
    return path.replace(/^steps\.(\d+)\.address\./, 'steps.$1.').replace(/^scheduleWindows\./, 'windows.');
  const filled = values.parcels.map((p, i) => (p.name.trim() ? i : -1)).filter((i) => i >= 0);
  const index = filled[Number(m[1])] ?? Number(m[1]);
  return `parcels.${index}.${m[2] ?? 'name'}`;
}
