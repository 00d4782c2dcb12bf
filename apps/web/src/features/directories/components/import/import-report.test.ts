import { describe, expect, it } from 'vitest';
import { ROW_ERROR_KEY } from '../../../../lib/csv-import/run-import';
import { reportLines } from './import-report';

describe('import report lines', () => {
  it('gives one line per problem, says a message once, and names whole-row problems', () => {
    const lines = reportLines([
      { row: 34, errors: { countryCode: ['Use 2 letters', 'Use 2 letters'], lng: ['Give both'] } },
      { row: 40, errors: { [ROW_ERROR_KEY]: ['Not imported: Boom'] } },
    ]);
    expect(lines).toEqual([
      { row: 34, column: 'countryCode', message: 'Use 2 letters' },
      { row: 34, column: 'lng', message: 'Give both' },
      { row: 40, column: 'whole row', message: 'Not imported: Boom' },
    ]);
  });

  it('names the CSV column behind a nested error key', () => {
    const toColumn = (key: string) =>
      key.replace(/^contacts\.\d+\.(\w)/, (_, c: string) => `contact${c.toUpperCase()}`);
    expect(reportLines([{ row: 4, errors: { 'contacts.0.lastname': ['Required'] } }], toColumn)).toEqual([
      { row: 4, column: 'contactLastname', message: 'Required' },
    ]);
  });
});
