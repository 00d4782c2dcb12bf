import { readCsvTable, tableFromCells, type SheetTable } from './read-table';

/** A file the import cannot use, with what to do about it (shown as it is). */
export class SheetFileError extends Error {
  override readonly name = 'SheetFileError';
}

export type SheetFileKind = 'csv' | 'xlsx';

/** What the file chooser offers: CSV and Excel workbooks. */
export const SHEET_FILE_ACCEPT =
  '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sheetKindOf(file: Pick<File, 'name'>): SheetFileKind | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || name.endsWith('.txt')) return 'csv';
  if (name.endsWith('.xlsx')) return 'xlsx';
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell of a workbook as the text a CSV file would hold. A date cell has no time zone: the reader gives its wall
 * clock in UTC, written back here as "2026-11-21 14:00" (or the day alone), the one format the app reads.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    // A workbook keeps a date as a fraction of days: 14:30 can come back as 14:29:59.999.
    const date = new Date(Math.round(value.getTime() / 60_000) * 60_000);
    const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    const hours = date.getUTCHours();
    const minutes = date.getUTCMinutes();
    return hours === 0 && minutes === 0 ? day : `${day} ${pad(hours)}:${pad(minutes)}`;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return '';
}

async function readWorkbook(file: Blob): Promise<string[][]> {
  // Loaded only when a workbook is chosen: the reader stays out of the screens' code.
  const { readSheet } = await import('read-excel-file/browser');
  try {
    const rows = await readSheet(file, { trim: false });
    return rows.map((row) => row.map(cellText));
  } catch {
    throw new SheetFileError(
      'The file could not be read as an Excel workbook. Open it in your spreadsheet app, save it as .xlsx or .csv and choose it again.',
    );
  }
}

/**
 * Reads the first sheet of a CSV file or an Excel workbook (.xlsx) whose first row names the columns. Refuses, with
 * what to do, a file of another kind, one larger than `maxBytes`, and one with no rows under its header.
 */
export async function readSheetFile(file: File, { maxBytes }: { maxBytes: number }): Promise<SheetTable> {
  const kind = sheetKindOf(file);
  if (kind === null) {
    throw new SheetFileError(
      file.name.toLowerCase().endsWith('.xls')
        ? 'Old Excel files (.xls) cannot be read. Save the file as .xlsx or .csv and choose it again.'
        : 'Choose a CSV file (.csv) or an Excel workbook (.xlsx).',
    );
  }
  if (file.size > maxBytes) {
    const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
    throw new SheetFileError(`The file is larger than ${mb} MB. Split it into smaller files.`);
  }
  if (file.size === 0) throw new SheetFileError('The file is empty. Choose the file that holds your rows.');
  const table = kind === 'csv' ? readCsvTable(await file.text()) : tableFromCells(await readWorkbook(file));
  if (table.header.every((cell) => cell.trim() === '')) {
    throw new SheetFileError(
      'The first row must name the columns. Add a header row and choose the file again.',
    );
  }
  if (table.rows.length === 0) throw new SheetFileError('The file has no rows under its header row.');
  return table;
}
