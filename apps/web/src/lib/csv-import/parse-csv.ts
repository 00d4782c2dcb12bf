import Papa from 'papaparse';
import { readCsvTable } from './read-table';

/** One data row of a CSV file, numbered as in the file (the header is row 1), with the known columns' text. */
export interface CsvRecord {
  row: number;
  values: Record<string, string>;
}

export interface ParsedCsv {
  records: CsvRecord[];
  /** Expected columns the header does not have. */
  missingColumns: string[];
  /** Header cells that match no expected column; their values are not sent. */
  ignoredColumns: string[];
}

/** "Line 1", "line_1" and "LINE1" all name the column `line1`. */
const comparable = (name: string) => name.replace(/[\s_-]+/g, '').toLowerCase();

/**
 * Reads CSV text whose first row names the columns. Blank rows are dropped but keep their number, so the rows
 * the server reports match the lines a spreadsheet shows (a quoted field spanning lines counts as one row).
 */
export function parseCsv(text: string, columns: readonly string[]): ParsedCsv {
  const { header, rows } = readCsvTable(text);
  const byComparable = new Map(columns.map((column) => [comparable(column), column]));
  const mapping = header.map((cell) => byComparable.get(comparable(cell)) ?? null);
  const present = new Set(mapping.filter((column): column is string => column !== null));
  const records: CsvRecord[] = rows.map(({ row, cells }) => {
    const values: Record<string, string> = {};
    mapping.forEach((column, i) => {
      if (column !== null) values[column] = cells[i] ?? '';
    });
    return { row, values };
  });
  return {
    records,
    missingColumns: columns.filter((column) => !present.has(column)),
    ignoredColumns: header.filter((cell, i) => mapping[i] === null && cell.trim() !== ''),
  };
}

/** A CSV file of the given columns: the header and one line per row, quoted where needed. */
export function toCsv(columns: readonly string[], rows: Record<string, string>[]): string {
  return Papa.unparse({ fields: [...columns], data: rows.map((row) => columns.map((c) => row[c] ?? '')) });
}

/** A CSV file of rows of cells as they are, the first row being the header (a file's own columns, names repeated). */
export function cellsToCsv(rows: readonly (readonly string[])[]): string {
  return Papa.unparse(rows.map((row) => [...row]));
}
