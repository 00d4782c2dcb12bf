import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../../../../lib/csv-import/read-table';
import { toCsv } from '../../../../lib/csv-import/parse-csv';
import {
  columnName,
  guessMapping,
  ORDER_FIELDS,
  REQUIRED_FIELDS,
  templateRows,
  unmappedRequired,
} from './order-fields';

describe('guessMapping', () => {
  it('maps each field to the column named as its label, so the template maps itself', () => {
    const labels = ORDER_FIELDS.map((field) => field.label);
    const mapping = guessMapping(labels);
    ORDER_FIELDS.forEach((field, i) => expect(mapping[field.id], field.id).toBe(i));
  });

  it('matches without case, spaces or punctuation, and knows the usual names of an order number', () => {
    for (const header of [
      'Order',
      'order number',
      'ORDER_NO',
      'Order #',
      'Reference',
      'ref',
      'External ID',
    ]) {
      expect(guessMapping(['x', header]).externalId, header).toBe(1);
    }
  });

  it('reads a shop export: the shipping address is the dropoff, the plain address columns too', () => {
    const shop = guessMapping([
      'Order No.',
      'Shipping Name',
      'Shipping Address1',
      'Shipping City',
      'Shipping Zip',
      'Shipping Phone',
      'Notes',
    ]);
    expect(shop).toMatchObject({
      externalId: 0,
      dropoffContactName: 1,
      dropoffLine1: 2,
      dropoffCity: 3,
      dropoffPostcode: 4,
      dropoffContactPhone: 5,
      description: 6,
      pickupLine1: null,
    });
    const plain = guessMapping([
      'Collection address',
      'Collection town',
      'Address',
      'City',
      'Post code',
      'Recipient',
    ]);
    expect(plain).toMatchObject({
      pickupLine1: 0,
      pickupCity: 1,
      dropoffLine1: 2,
      dropoffCity: 3,
      dropoffPostcode: 4,
      dropoffContactName: 5,
    });
  });

  it('gives a column to one field only, the first that wants it', () => {
    const mapping = guessMapping(['Delivery name', 'Name']);
    expect(mapping.name).toBe(0);
    expect(Object.values(mapping).filter((index) => index === 1)).toHaveLength(0);
  });

  it('lists the required fields not mapped yet', () => {
    expect(unmappedRequired(guessMapping([])).map((f) => f.id)).toEqual(REQUIRED_FIELDS.map((f) => f.id));
    expect(REQUIRED_FIELDS.map((f) => f.id)).toEqual([
      'pickupLine1',
      'pickupCity',
      'pickupPostcode',
      'dropoffLine1',
      'dropoffCity',
      'dropoffPostcode',
    ]);
  });
});

describe('the template and column names', () => {
  it('holds two example orders under every label, the window tomorrow', () => {
    const { columns, rows } = templateRows(new Date(2026, 0, 31, 15, 0));
    const table = readCsvTable(toCsv(columns, rows));
    expect(table.header).toEqual(ORDER_FIELDS.map((field) => field.label));
    expect(table.rows).toHaveLength(2);
    const mapping = guessMapping(table.header);
    const cell = (row: number, id: keyof typeof mapping) => table.rows[row]?.cells[mapping[id] ?? -1];
    expect(cell(0, 'externalId')).toBe('ABC-1001');
    expect(cell(0, 'windowStart')).toBe('2026-02-01 09:00');
    expect(cell(1, 'windowStart')).toBe('');
  });

  it('names a column without a header by its letter', () => {
    expect(columnName(['Order', ''], 0)).toBe('Order');
    expect(columnName(['Order', ' '], 1)).toBe('Column B');
    expect(columnName([], 27)).toBe('Column AB');
  });
});
