import {
  CreateDeliveryBodySchema,
  LIMITS,
  type ContactInput,
  type CreateDeliveryBody,
  type ParcelInput,
} from '@courier/contract';
import { isDateTimeValue, valueOfText } from '../../../../components/date-time-input/date-time-text';
import type { SheetTable } from '../../../../lib/csv-import/read-table';
import { columnName, fieldOf, type ColumnMapping, type OrderFieldId } from './order-fields';

/** What is wrong with a row: on a field (so on the column it is read from), or on the row as a whole. */
export interface RowProblem {
  field: OrderFieldId | null;
  message: string;
}

/** A row of the file, read into the body it will be sent as, with what is wrong with it before sending. */
export interface PreparedOrder {
  /** The row's number in the file (the header is row 1). */
  row: number;
  cells: string[];
  /** The order number, '' without one. */
  externalId: string;
  item: CreateDeliveryBody;
  problems: RowProblem[];
}

export const DATE_TIME_EXAMPLE = '2026-11-21 14:00';

/** "UK" is not an ISO country code, though files use it for GB. */
const COUNTRY_ALIASES: Record<string, string> = { UK: 'GB' };

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A date and time as ISO: "2026-11-21 14:00" (seconds allowed) in the browser's time zone, as the app's date fields
 * read it, or an ISO datetime with its offset. Null when it is neither.
 */
export function isoOfDateTime(text: string): string | null {
  const withoutSeconds = text.replace(
    /^(\d{4}-\d{1,2}-\d{1,2}(?:\s*[T,]\s*|\s+)\d{1,2}[:.]\d{2})[:.]\d{2}(?:\.\d+)?$/i,
    '$1',
  );
  const local = valueOfText(withoutSeconds);
  if (isDateTimeValue(local)) return new Date(local).toISOString();
  if (OFFSET_DATE_TIME.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return null;
}

/** A weight in kilograms: "12.5", "12,5" or "12.5 kg". Null when it is not a number. */
export function kilogramsOf(text: string): number | null {
  const match = /^(\d+(?:[.,]\d+)?)\s*(?:kgs?)?$/i.exec(text);
  return match?.[1] ? Number(match[1].replace(',', '.')) : null;
}

/** "Ada Lovelace" as first and last name; the last word is the last name. Null for a single word. */
export function splitName(name: string): { firstname: string; lastname: string } | null {
  const at = name.lastIndexOf(' ');
  if (at <= 0) return null;
  return { firstname: name.slice(0, at).trim(), lastname: name.slice(at + 1).trim() };
}

type Place = 'pickup' | 'dropoff';

/** A row's body and the problems found while reading it (the schema's are added by `prepareOrder`). */
export function buildOrder(
  cells: readonly string[],
  mapping: ColumnMapping,
  { countryCode }: { countryCode: string },
): { item: CreateDeliveryBody; problems: RowProblem[] } {
  const get = (field: OrderFieldId) => {
    const index = mapping[field];
    return index === null ? '' : (cells[index] ?? '').trim();
  };
  const problems: RowProblem[] = [];

  const contactsOf = (place: Place): ContactInput[] => {
    const name = get(`${place}ContactName`);
    const phone = get(`${place}ContactPhone`);
    if (!name && !phone) return [];
    if (!name) {
      problems.push({
        field: `${place}ContactName`,
        message: 'Add the name of the person to call on this number.',
      });
      return [];
    }
    const names = splitName(name);
    if (!names) {
      problems.push({
        field: `${place}ContactName`,
        message: 'Give a first and a last name, such as Ada Lovelace.',
      });
      return [];
    }
    return [{ ...names, phoneNumber: phone }];
  };
  const stepOf = (place: Place): CreateDeliveryBody['steps'][number] => {
    const country = get(`${place}Country`).toUpperCase();
    const line2 = get(`${place}Line2`);
    return {
      kind: place,
      address: {
        line1: get(`${place}Line1`),
        ...(line2 ? { line2 } : {}),
        city: get(`${place}City`),
        postcode: get(`${place}Postcode`),
        countryCode: COUNTRY_ALIASES[country] ?? (country || countryCode),
      },
      contacts: contactsOf(place),
      extraTaskTypes: [],
    };
  };

  const parcels: ParcelInput[] = [];
  const parcelName = get('parcelName');
  const quantity = get('parcelQuantity');
  const weight = get('parcelWeight');
  if (parcelName || quantity || weight) {
    const parcel: ParcelInput = { name: parcelName || 'Parcel' };
    if (quantity && !/^\d+$/.test(quantity))
      problems.push({ field: 'parcelQuantity', message: 'Write the quantity as a whole number, such as 2.' });
    else if (quantity) parcel.quantity = Number(quantity);
    const kg = weight ? kilogramsOf(weight) : null;
    if (weight && kg === null)
      problems.push({
        field: 'parcelWeight',
        message: 'Write the weight in kilograms as a number, such as 2.5.',
      });
    else if (kg !== null) parcel.weightKg = kg;
    parcels.push(parcel);
  }

  const scheduleWindows: NonNullable<CreateDeliveryBody['scheduleWindows']> = [];
  const start = get('windowStart');
  const end = get('windowEnd');
  if (start || end) {
    const startAt = start ? isoOfDateTime(start) : null;
    const endAt = end ? isoOfDateTime(end) : null;
    for (const [field, text, iso, part] of [
      ['windowStart', start, startAt, 'start'],
      ['windowEnd', end, endAt, 'end'],
    ] as const) {
      if (!text)
        problems.push({ field, message: `Give the ${part} of the window too, or leave both empty.` });
      else if (!iso) problems.push({ field, message: `Write the date and time as ${DATE_TIME_EXAMPLE}.` });
    }
    if (startAt && endAt) scheduleWindows.push({ deliveryScheduleWindowTypeSlug: 'dropoff', startAt, endAt });
  }

  const externalId = get('externalId');
  const description = get('description');
  const pickup = stepOf('pickup');
  const dropoff = stepOf('dropoff');
  const cities = `${pickup.address?.city || '?'} → ${dropoff.address?.city || '?'}`;
  const name = get('name') || (externalId ? `Order ${externalId}` : cities);
  return {
    item: {
      name: name.slice(0, LIMITS.nameMax),
      ...(description ? { description } : {}),
      ...(externalId ? { externalId } : {}),
      steps: [pickup, dropoff],
      parcels,
      scheduleWindows,
    },
    problems,
  };
}

/**
 * The field a body path stands for, from the schema here or a 422 of the server (`steps.1.address.postcode`,
 * `parcels.0.quantity`); null for the row as a whole. Every item has two steps: the pickup, then the dropoff.
 */
export function fieldOfErrorKey(key: string): OrderFieldId | null {
  if (key === 'name' || key === 'description' || key === 'externalId') return key;
  const step = /^steps\.(\d+)\.(.+)$/.exec(key);
  if (step) {
    const place: Place = step[1] === '0' ? 'pickup' : 'dropoff';
    const rest = step[2] ?? '';
    if (rest === 'kind') return null;
    if (/^contacts\.\d+\.phoneNumber/.test(rest)) return `${place}ContactPhone`;
    if (rest.startsWith('contacts')) return `${place}ContactName`;
    if (/^address\.line[23]/.test(rest)) return `${place}Line2`;
    if (rest.startsWith('address.city')) return `${place}City`;
    if (rest.startsWith('address.postcode')) return `${place}Postcode`;
    if (rest.startsWith('address.countryCode')) return `${place}Country`;
    return `${place}Line1`;
  }
  const parcel = /^parcels\.\d+\.(\w+)/.exec(key)?.[1];
  if (parcel === 'quantity') return 'parcelQuantity';
  if (parcel === 'weightKg') return 'parcelWeight';
  if (parcel === 'name' || parcel === 'description') return 'parcelName';
  if (key.startsWith('scheduleWindows')) return key.endsWith('startAt') ? 'windowStart' : 'windowEnd';
  return null;
}

/** Where a problem shows: the file's column the field is read from, else the field's own name, or the whole row. */
export function problemColumn(
  field: OrderFieldId | null,
  mapping: ColumnMapping,
  header: readonly string[],
): string {
  if (field === null) return 'Whole row';
  const index = mapping[field];
  return index === null ? fieldOf(field).label : columnName(header, index);
}

function withoutRepeats(problems: RowProblem[]): RowProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field ?? ''}\n${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every row of the table read as it will be sent and checked by the contract's schema, as the server will check
 * it. An order number already on an earlier row is a problem: the server would refuse the second one anyway.
 */
export function prepareOrders(
  table: SheetTable,
  mapping: ColumnMapping,
  options: { countryCode: string },
): PreparedOrder[] {
  const firstRowOf = new Map<string, number>();
  return table.rows.map(({ row, cells }) => {
    const { item, problems } = buildOrder(cells, mapping, options);
    const parsed = CreateDeliveryBodySchema.safeParse(item);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ field: fieldOfErrorKey(issue.path.map(String).join('.')), message: issue.message });
    }
    const externalId = item.externalId ?? '';
    const first = firstRowOf.get(externalId);
    if (externalId && first !== undefined) {
      problems.push({
        field: 'externalId',
        message: `Order ${externalId} is also on row ${first}. Give each order its own number, or remove the copy.`,
      });
    } else if (externalId) firstRowOf.set(externalId, row);
    return { row, cells, externalId, item, problems: withoutRepeats(problems) };
  });
}
