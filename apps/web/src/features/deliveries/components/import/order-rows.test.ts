import { describe, expect, it } from 'vitest';
import { cellsToCsv } from '../../../../lib/csv-import/parse-csv';
import { readCsvTable } from '../../../../lib/csv-import/read-table';
import { guessMapping, type ColumnMapping } from './order-fields';
import {
  buildOrder,
  fieldOfErrorKey,
  isoOfDateTime,
  kilogramsOf,
  prepareOrders,
  problemColumn,
  splitName,
} from './order-rows';

const HEADER = [
  'Order',
  'From address',
  'From city',
  'From postcode',
  'To address',
  'To city',
  'To postcode',
  'To country',
  'Recipient',
  'Recipient phone',
  'Qty',
  'Weight',
  'Window start',
  'Window end',
];
const MAPPING = guessMapping(HEADER);
const GOOD = [
  'ABC-1',
  '1 Poultry',
  'London',
  'EC2R 8EJ',
  '10 Park Row',
  'Leeds',
  'LS1 5HD',
  '',
  'Grace Hopper',
  '0113 496 0000',
  '2',
  '12,5 kg',
  '2026-11-21 09:00',
  '2026-11-21 12:00:00',
];
const build = (cells: string[], mapping: ColumnMapping = MAPPING) =>
  buildOrder(cells, mapping, { countryCode: 'GB' });
const withCell = (column: string, value: string) =>
  GOOD.map((cell, i) => (HEADER[i] === column ? value : cell));

describe('buildOrder', () => {
  it('reads a row into a create-delivery body: two steps, the contact, one parcel line and the window', () => {
    const { item, problems } = build(GOOD);
    expect(problems).toEqual([]);
    expect(item).toEqual({
      name: 'Order ABC-1',
      externalId: 'ABC-1',
      steps: [
        {
          kind: 'pickup',
          address: { line1: '1 Poultry', city: 'London', postcode: 'EC2R 8EJ', countryCode: 'GB' },
          contacts: [],
          extraTaskTypes: [],
        },
        {
          kind: 'dropoff',
          address: { line1: '10 Park Row', city: 'Leeds', postcode: 'LS1 5HD', countryCode: 'GB' },
          contacts: [{ firstname: 'Grace', lastname: 'Hopper', phoneNumber: '0113 496 0000' }],
          extraTaskTypes: [],
        },
      ],
      parcels: [{ name: 'Parcel', quantity: 2, weightKg: 12.5 }],
      scheduleWindows: [
        {
          deliveryScheduleWindowTypeSlug: 'dropoff',
          startAt: new Date(2026, 10, 21, 9).toISOString(),
          endAt: new Date(2026, 10, 21, 12).toISOString(),
        },
      ],
    });
  });

  it('names a delivery without an order number by its cities, and leaves out what is empty', () => {
    const cells = GOOD.map((cell, i) =>
      ['Order', 'Qty', 'Weight', 'Window start', 'Window end'].includes(HEADER[i] ?? '') ? '' : cell,
    );
    const { item } = build(cells);
    expect(item.name).toBe('London → Leeds');
    expect(item).not.toHaveProperty('externalId');
    expect(item.parcels).toEqual([]);
    expect(item.scheduleWindows).toEqual([]);
  });

  it('turns "UK" into GB and upper-cases a country code', () => {
    expect(build(withCell('To country', 'uk')).item.steps[1]?.address?.countryCode).toBe('GB');
    expect(build(withCell('To country', 'fr')).item.steps[1]?.address?.countryCode).toBe('FR');
  });

  it.each([
    ['Qty', '2.5', 'parcelQuantity', 'Write the quantity as a whole number, such as 2.'],
    ['Weight', 'heavy', 'parcelWeight', 'Write the weight in kilograms as a number, such as 2.5.'],
    ['Window start', '21/11/2026 9am', 'windowStart', 'Write the date and time as 2026-11-21 14:00.'],
    ['Window end', '', 'windowEnd', 'Give the end of the window too, or leave both empty.'],
    ['Recipient', 'Grace', 'dropoffContactName', 'Give a first and a last name, such as Ada Lovelace.'],
    ['Recipient', '', 'dropoffContactName', 'Add the name of the person to call on this number.'],
  ])('says what to do when %s is %j', (column, value, field, message) => {
    expect(build(withCell(column, value)).problems).toEqual([{ field, message }]);
  });
});

describe('prepareOrders', () => {
  const table = (rows: string[][]) => readCsvTable(cellsToCsv([HEADER, ...rows]));

  it("adds the schema's problems on the right fields and numbers rows as the file does", () => {
    const bad = withCell('To postcode', '').map((cell, i) => (HEADER[i] === 'Order' ? 'ABC-2' : cell));
    const orders = prepareOrders(table([GOOD, [], bad]), MAPPING, { countryCode: 'GB' });
    expect(orders.map((o) => [o.row, o.externalId, o.problems])).toEqual([
      [2, 'ABC-1', []],
      [4, 'ABC-2', [{ field: 'dropoffPostcode', message: 'Postcode is required' }]],
    ]);
  });

  it('refuses an order number already on an earlier row', () => {
    const orders = prepareOrders(table([GOOD, GOOD]), MAPPING, { countryCode: 'GB' });
    expect(orders[1]?.problems).toEqual([
      {
        field: 'externalId',
        message: 'Order ABC-1 is also on row 2. Give each order its own number, or remove the copy.',
      },
    ]);
  });

  it('checks a window that ends before it starts', () => {
    const cells = withCell('Window end', '2026-11-21 08:00');
    const orders = prepareOrders(table([cells]), MAPPING, { countryCode: 'GB' });
    expect(orders[0]?.problems).toEqual([
      { field: 'windowEnd', message: 'The window must end after it starts' },
    ]);
  });
});

describe('reading cells', () => {
  it('reads dates and times in the local zone, or with their offset', () => {
    expect(isoOfDateTime('2026-11-21 14:00')).toBe(new Date(2026, 10, 21, 14).toISOString());
    expect(isoOfDateTime('2026-11-21T14:00:59')).toBe(new Date(2026, 10, 21, 14).toISOString());
    expect(isoOfDateTime('2026-11-21T14:00:00+01:00')).toBe('2026-11-21T13:00:00.000Z');
    expect(isoOfDateTime('2026-11-21')).toBeNull();
    expect(isoOfDateTime('2026-02-30 10:00')).toBeNull();
  });

  it('reads weights and names', () => {
    expect(['3', '0.25', '1,5', '2 kg', '2KG', '-1', '1.2.3'].map(kilogramsOf)).toEqual([
      3,
      0.25,
      1.5,
      2,
      2,
      null,
      null,
    ]);
    expect(splitName('Mary Ann Smith')).toEqual({ firstname: 'Mary Ann', lastname: 'Smith' });
    expect(splitName('Warehouse')).toBeNull();
  });
});

describe('errors back on the columns', () => {
  it.each([
    ['name', 'name'],
    ['externalId', 'externalId'],
    ['steps.0.address.line1', 'pickupLine1'],
    ['steps.0.address', 'pickupLine1'],
    ['steps.1.address.postcode', 'dropoffPostcode'],
    ['steps.1.address.countryCode', 'dropoffCountry'],
    ['steps.1.contacts.0.lastname', 'dropoffContactName'],
    ['steps.0.contacts.0.phoneNumber', 'pickupContactPhone'],
    ['steps.1.kind', null],
    ['parcels.0.quantity', 'parcelQuantity'],
    ['parcels.0.weightKg', 'parcelWeight'],
    ['scheduleWindows.0.startAt', 'windowStart'],
    ['scheduleWindows.0.endAt', 'windowEnd'],
    ['vehicleUuid', null],
    ['_', null],
  ])('%s is on %s', (key, field) => {
    expect(fieldOfErrorKey(key)).toBe(field);
  });

  it("names the file's column, else the field, else the whole row", () => {
    expect(problemColumn('dropoffPostcode', MAPPING, HEADER)).toBe('To postcode');
    expect(problemColumn('pickupCountry', MAPPING, HEADER)).toBe('Pickup country');
    expect(problemColumn(null, MAPPING, HEADER)).toBe('Whole row');
  });
});
