import { CreateDeliveryBodySchema, LIMITS, type CreateDeliveryBody } from '@courier/contract';
import { noPoint, pointBody, type PointValues } from '../../../components/address-search/address-point';
import { DEFAULT_COUNTRY_CODE } from '../../../lib/session/company-country';

export type PlaceMode = 'directory' | 'typed';

/** A pickup or dropoff: a directory address, or one typed in (with the point of a picked suggestion). */
export interface PlaceValues extends PointValues {
  mode: PlaceMode;
  addressUuid: string | null;
  /** The chosen directory address in words, to name the delivery. */
  addressLabel: string;
  line1: string;
  city: string;
  postcode: string;
  countryCode: string;
}

export interface EasyDeliveryValues {
  name: string;
  pickup: PlaceValues;
  dropoff: PlaceValues;
  parcelName: string;
  quantity: number | string;
  weightKg: number | string;
  isFragile: boolean;
  /** datetime-local values ("2026-11-21T14:00"), both empty for no window. */
  windowStart: string;
  windowEnd: string;
}

const emptyPlace = (countryCode: string): PlaceValues => ({
  mode: 'directory',
  addressUuid: null,
  addressLabel: '',
  line1: '',
  city: '',
  postcode: '',
  countryCode,
  ...noPoint(),
});

/** An empty easy form; typed addresses start in `countryCode` (the company's country). */
export const emptyEasyDelivery = (countryCode = DEFAULT_COUNTRY_CODE): EasyDeliveryValues => ({
  name: '',
  pickup: emptyPlace(countryCode),
  dropoff: emptyPlace(countryCode),
  parcelName: '',
  quantity: 1,
  weightKg: '',
  isFragile: false,
  windowStart: '',
  windowEnd: '',
});

function placeName(place: PlaceValues): string {
  if (place.mode === 'typed') return place.city.trim() || place.line1.trim();
  return place.addressLabel.trim();
}

/** The name a delivery gets when none is typed: "London → Leeds", cut to the contract's limit. */
export function defaultDeliveryName(values: EasyDeliveryValues): string {
  const from = placeName(values.pickup);
  const to = placeName(values.dropoff);
  return from && to ? `${from} → ${to}`.slice(0, LIMITS.nameMax) : 'New delivery';
}

/** A datetime-local value as ISO; an empty or invalid one as the text itself, so the schema reports it. */
export function localToIso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function stepOf(kind: 'pickup' | 'dropoff', place: PlaceValues): CreateDeliveryBody['steps'][number] {
  if (place.mode === 'directory') {
    return {
      kind,
      ...(place.addressUuid ? { addressUuid: place.addressUuid } : {}),
      contacts: [],
      extraTaskTypes: [],
    };
  }
  return {
    kind,
    address: {
      line1: place.line1,
      city: place.city,
      postcode: place.postcode,
      countryCode: place.countryCode,
      ...pointBody(place),
    },
    contacts: [],
    extraTaskTypes: [],
  };
}

/** The form's values as the create-delivery body: two steps, at most one parcel line, at most one dropoff window. */
export function easyDeliveryBody(values: EasyDeliveryValues): CreateDeliveryBody {
  const name = values.name.trim() || defaultDeliveryName(values);
  const parcels: CreateDeliveryBody['parcels'] = values.parcelName.trim()
    ? [
        {
          name: values.parcelName,
          quantity: values.quantity === '' ? 1 : Number(values.quantity),
          weightKg: values.weightKg === '' ? 0 : Number(values.weightKg),
          isFragile: values.isFragile,
        },
      ]
    : [];
  const hasWindow = Boolean(values.windowStart || values.windowEnd);
  return {
    name,
    steps: [stepOf('pickup', values.pickup), stepOf('dropoff', values.dropoff)],
    parcels,
    scheduleWindows: hasWindow
      ? [
          {
            deliveryScheduleWindowTypeSlug: 'dropoff',
            startAt: localToIso(values.windowStart),
            endAt: localToIso(values.windowEnd),
          },
        ]
      : [],
    driverUserUuids: [],
  };
}

/** Where an error on a body path (from the schema or the server's 422) shows on the form. */
export function easyFieldOf(path: string): string {
  const place = (index: string) => (index === '0' ? 'pickup' : 'dropoff');
  let m = /^steps\.(\d+)\.address\.(line1|city|postcode|countryCode)/.exec(path);
  if (m) return `${place(m[1] ?? '0')}.${m[2] ?? 'line1'}`;
  m = /^steps\.(\d+)/.exec(path);
  if (m) return `${place(m[1] ?? '0')}.addressUuid`;
  m = /^parcels\.\d+\.(name|quantity|weightKg)/.exec(path);
  if (m) return m[1] === 'name' ? 'parcelName' : (m[1] ?? 'parcelName');
  if (path.startsWith('parcels')) return 'parcelName';
  if (path.startsWith('scheduleWindows')) return path.endsWith('startAt') ? 'windowStart' : 'windowEnd';
  if (path === 'name') return 'name';
  return path;
}

/** Form errors keyed by field, first message per field. */
export function easyErrorsOf(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = easyFieldOf(path);
    result[field] ??= message;
  }
  return result;
}

/** Validation of the form by the contract's schema, on the body it sends. */
export function validateEasyDelivery(values: EasyDeliveryValues): Record<string, string> {
  const parsed = CreateDeliveryBodySchema.safeParse(easyDeliveryBody(values));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  const result = easyErrorsOf(errors);
  for (const key of ['pickup', 'dropoff'] as const) {
    if (values[key].mode === 'directory' && !values[key].addressUuid) {
      result[`${key}.addressUuid`] = 'Choose an address from the directory or type one in';
    }
  }
  if (values.windowStart && !values.windowEnd) result.windowEnd = 'Give the end of the window';
  if (!values.windowStart && values.windowEnd) result.windowStart = 'Give the start of the window';
  return result;
}
