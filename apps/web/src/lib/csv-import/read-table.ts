import Papa from 'papaparse';

/** One data row of a sheet, numbered as in the file (the header is row 1), with its cells' text. */
export interface TableRow {
  row: number;
  cells: string[];
}

/** A sheet read as text: the header row's cells, and the data rows that are not blank. */
export interface SheetTable {
  header: string[];
  rows: TableRow[];
}

/**
 * The first row is the header; blank rows are dropped but keep their number, so the rows an import reports match
 * the lines a spreadsheet shows.
 */
export function tableFromCells(cells: readonly string[][]): SheetTable {
  const [header = [], ...body] = cells;
  const rows: TableRow[] = [];
  body.forEach((row, index) => {
    if (row.every((cell) => cell.trim() === '')) return;
    rows.push({ row: index + 2, cells: row });
  });
  return { header, rows };
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter the header row uses most (a comma on a tie): spreadsheet apps in many countries save CSV with
 * semicolons, and Papa Parse's own guess gives up on a file with blank lines.
 */
function delimiterOf(text: string): string {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (d: string) => header.split(d).length - 1;
  return DELIMITERS.reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** CSV text as a table (comma, semicolon, tab or bar; a BOM is stripped; a quoted line break stays in its cell). */
export function readCsvTable(text: string): SheetTable {
  const clean = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(clean, {
    header: false,
    skipEmptyLines: false,
    delimiter: delimiterOf(clean),
  });
  return tableFromCells(parsed.data);
}
