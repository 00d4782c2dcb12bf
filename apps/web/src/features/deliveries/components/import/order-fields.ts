/**
 * The fields of an order import (issue 34) and the columns of a file they are read from: each field knows the header
 * names that usually mean it, so most files map themselves; the user corrects the rest.
 */

export const ORDER_FIELD_GROUPS = ['Order', 'Pickup', 'Dropoff', 'Parcel', 'Dropoff window'] as const;
export type OrderFieldGroup = (typeof ORDER_FIELD_GROUPS)[number];

type PlaceKind = 'pickup' | 'dropoff';
type PlacePart = 'Line1' | 'Line2' | 'City' | 'Postcode' | 'Country' | 'ContactName' | 'ContactPhone';

export type OrderFieldId =
  | 'externalId'
  | 'name'
  | 'description'
  | `${PlaceKind}${PlacePart}`
  | 'parcelName'
  | 'parcelQuantity'
  | 'parcelWeight'
  | 'windowStart'
  | 'windowEnd';

export interface OrderField {
  id: OrderFieldId;
  /** Shown beside the column picker, and the column's name in the template. */
  label: string;
  group: OrderFieldGroup;
  required: boolean;
  /** What an empty cell or an unmapped field means, when it is not plain. */
  hint?: string;
  /** Header names that mean this field, most telling first (compared without case, spaces or punctuation). */
  names: readonly string[];
  /** The template's two example rows. */
  examples: readonly [string, string];
}

/** Which column of the file each field is read from (its index in the header row), or none. */
export type ColumnMapping = Record<OrderFieldId, number | null>;

const PREFIXES: Record<PlaceKind, readonly string[]> = {
  pickup: ['pickup', 'pick up', 'collection', 'collect', 'from', 'sender', 'origin', 'shipper'],
  dropoff: [
    'dropoff',
    'drop off',
    'delivery',
    'deliver to',
    'to',
    'recipient',
    'destination',
    'consignee',
    'ship to',
    'shipping',
    'customer',
  ],
};

const PART_NAMES: Record<PlacePart, readonly string[]> = {
  Line1: ['address', 'address line 1', 'address 1', 'line 1', 'street', 'street address'],
  Line2: ['address line 2', 'address 2', 'line 2'],
  City: ['city', 'town', 'town city'],
  Postcode: ['postcode', 'post code', 'postal code', 'zip', 'zip code'],
  Country: ['country', 'country code'],
  ContactName: ['contact name', 'contact', 'name', 'contact person'],
  ContactPhone: ['contact phone', 'phone', 'phone number', 'telephone', 'tel', 'mobile'],
};

/**
 * Header names without a place that still name one: a file of orders with one address per row is about where they
 * go, and its sender or recipient are the contacts.
 */
const PLAIN_NAMES: Partial<Record<`${PlaceKind}${PlacePart}`, readonly string[]>> = {
  pickupContactName: ['sender', 'shipper'],
  dropoffLine1: ['address', 'address line 1', 'address 1', 'street'],
  dropoffLine2: ['address line 2', 'address 2'],
  dropoffCity: ['city', 'town'],
  dropoffPostcode: ['postcode', 'post code', 'postal code', 'zip', 'zip code'],
  dropoffCountry: ['country', 'country code'],
  dropoffContactName: ['recipient', 'customer', 'consignee', 'customer name', 'contact name'],
  dropoffContactPhone: ['phone', 'phone number', 'contact phone', 'mobile'],
};

const PART_LABELS: Record<PlacePart, string> = {
  Line1: 'address',
  Line2: 'address line 2',
  City: 'city',
  Postcode: 'postcode',
  Country: 'country',
  ContactName: 'contact name',
  ContactPhone: 'contact phone',
};

const PLACE_EXAMPLES: Record<PlaceKind, Record<PlacePart, readonly [string, string]>> = {
  pickup: {
    Line1: ['1 Poultry', '1 Poultry'],
    Line2: ['Goods entrance', 'Goods entrance'],
    City: ['London', 'London'],
    Postcode: ['EC2R 8EJ', 'EC2R 8EJ'],
    Country: ['GB', 'GB'],
    ContactName: ['Ada Lovelace', 'Ada Lovelace'],
    ContactPhone: ['+44 20 7946 0000', '+44 20 7946 0000'],
  },
  dropoff: {
    Line1: ['10 Park Row', '2 Castle Street'],
    Line2: ['Flat 3', ''],
    City: ['Leeds', 'York'],
    Postcode: ['LS1 5HD', 'YO1 9RN'],
    Country: ['GB', 'GB'],
    ContactName: ['Grace Hopper', 'Alan Turing'],
    ContactPhone: ['+44 113 496 0000', '+44 1904 496 000'],
  },
};

function placeFields(kind: PlaceKind): OrderField[] {
  const group = kind === 'pickup' ? 'Pickup' : 'Dropoff';
  const parts: PlacePart[] = ['Line1', 'Line2', 'City', 'Postcode', 'Country', 'ContactName', 'ContactPhone'];
  return parts.map((part) => {
    const id = `${kind}${part}` as const;
    const label = `${group} ${PART_LABELS[part]}`;
    return {
      id,
      label,
      group,
      required: part === 'Line1' || part === 'City' || part === 'Postcode',
      ...(part === 'Country'
        ? { hint: "Two letters, such as FR. Empty cells get your company's country." }
        : part === 'ContactName'
          ? { hint: 'First and last name: Ada Lovelace.' }
          : {}),
      names: [
        label,
        ...PREFIXES[kind].flatMap((prefix) => PART_NAMES[part].map((name) => `${prefix} ${name}`)),
        ...(PLAIN_NAMES[id] ?? []),
      ],
      examples: PLACE_EXAMPLES[kind][part],
    };
  });
}

/** Every field, in the order the mapping shows them and claims the file's columns. */
export const ORDER_FIELDS: readonly OrderField[] = [
  {
    id: 'externalId',
    label: 'Order number',
    group: 'Order',
    required: false,
    hint: 'Recommended: an order already imported is then refused, never created twice.',
    names: [
      'order number',
      'order no',
      'order',
      'order id',
      'order ref',
      'order reference',
      'reference',
      'ref',
      'external id',
      'your reference',
      'customer reference',
    ],
    examples: ['ABC-1001', 'ABC-1002'],
  },
  {
    id: 'name',
    label: 'Delivery name',
    group: 'Order',
    required: false,
    hint: 'Empty cells: "Order" and the order number, or the two cities.',
    names: ['delivery name', 'name', 'title', 'mission'],
    examples: ['Office chairs', ''],
  },
  {
    id: 'description',
    label: 'Notes',
    group: 'Order',
    required: false,
    names: ['notes', 'note', 'description', 'instructions', 'delivery instructions', 'comments', 'comment'],
    examples: ['Ring the bell at the side door', ''],
  },
  ...placeFields('pickup'),
  ...placeFields('dropoff'),
  {
    id: 'parcelName',
    label: 'Parcel description',
    group: 'Parcel',
    required: false,
    hint: 'Empty cells with a quantity or weight: "Parcel".',
    names: [
      'parcel description',
      'parcel',
      'parcel name',
      'contents',
      'goods',
      'item',
      'items',
      'description of goods',
    ],
    examples: ['Boxes', 'Envelope'],
  },
  {
    id: 'parcelQuantity',
    label: 'Parcel quantity',
    group: 'Parcel',
    required: false,
    names: [
      'parcel quantity',
      'quantity',
      'qty',
      'parcels',
      'number of parcels',
      'packages',
      'pieces',
      'count',
    ],
    examples: ['2', '1'],
  },
  {
    id: 'parcelWeight',
    label: 'Parcel weight (kg)',
    group: 'Parcel',
    required: false,
    names: ['parcel weight kg', 'parcel weight', 'weight kg', 'weight', 'kg', 'total weight'],
    examples: ['12.5', '0.2'],
  },
  {
    id: 'windowStart',
    label: 'Dropoff window start',
    group: 'Dropoff window',
    required: false,
    hint: 'Date and time, such as 2026-11-21 09:00 (your time zone).',
    names: [
      'dropoff window start',
      'delivery window start',
      'window start',
      'time window start',
      'deliver after',
      'delivery from',
      'earliest delivery',
      'earliest',
    ],
    examples: ['', ''],
  },
  {
    id: 'windowEnd',
    label: 'Dropoff window end',
    group: 'Dropoff window',
    required: false,
    hint: 'Give both the start and the end, or neither.',
    names: [
      'dropoff window end',
      'delivery window end',
      'window end',
      'time window end',
      'deliver by',
      'deliver before',
      'latest delivery',
      'latest',
      'deadline',
    ],
    examples: ['', ''],
  },
];

export const REQUIRED_FIELDS = ORDER_FIELDS.filter((field) => field.required);

const FIELD_BY_ID = new Map(ORDER_FIELDS.map((field) => [field.id, field]));

export function fieldOf(id: OrderFieldId): OrderField {
  const field = FIELD_BY_ID.get(id);
  if (!field) throw new Error(`Unknown order field ${id}`);
  return field;
}

/** "Order No.", "order_no" and "ORDER NO" compare equal. */
export const comparableName = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The mapping the header row suggests: for each field in order, the first of its names a column has, each column
 * given to one field at most.
 */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const columns = header.map(comparableName);
  const taken = new Set<number>();
  const mapping = {} as ColumnMapping;
  for (const field of ORDER_FIELDS) {
    mapping[field.id] = null;
    for (const name of field.names) {
      const wanted = comparableName(name);
      const index = columns.findIndex((column, i) => column === wanted && column !== '' && !taken.has(i));
      if (index !== -1) {
        mapping[field.id] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}

/** The required fields no column is chosen for. */
export const unmappedRequired = (mapping: ColumnMapping): OrderField[] =>
  REQUIRED_FIELDS.filter((field) => mapping[field.id] === null);

/** A column's name as the file gives it; a column without one by its letter, as a spreadsheet shows it. */
export function columnName(header: readonly string[], index: number): string {
  const name = header[index]?.trim();
  if (name) return name;
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `Column ${letters}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The template: every field's label as its column, and two example orders; the first has a dropoff window
 * tomorrow morning, so the example is never in the past.
 */
export function templateRows(now: Date = new Date()): { columns: string[]; rows: Record<string, string>[] } {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const day = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
  const examples = (i: 0 | 1) =>
    Object.fromEntries(
      ORDER_FIELDS.map((field) => {
        if (i === 0 && field.id === 'windowStart') return [field.label, `${day} 09:00`];
        if (i === 0 && field.id === 'windowEnd') return [field.label, `${day} 12:00`];
        return [field.label, field.examples[i]];
      }),
    );
  return { columns: ORDER_FIELDS.map((field) => field.label), rows: [examples(0), examples(1)] };
}
