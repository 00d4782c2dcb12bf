import type { ImportResult } from '@courier/contract';
import type { z } from 'zod';

/** What the import needs of a database: a transaction per row (lib/ knows nothing of the app's database). */
interface Transactional<Tx> {
  transaction(work: (tx: Tx) => Promise<void>): Promise<void>;
}

/**
 * Imports a chunk of CSV rows: each row is validated by the schema and saved in its own transaction, so a failed
 * row leaves nothing behind and does not stop the others. Rows are numbered as in the file.
 */
export async function importRows<S extends z.ZodType, Tx>(
  db: Transactional<Tx>,
  opts: {
    rows: Record<string, string>[];
    firstRowNumber: number;
    schema: S;
    save: (tx: Tx, value: z.output<S>) => Promise<void>;
  },
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, failed: [] };
  for (const [i, raw] of opts.rows.entries()) {
    const row = opts.firstRowNumber + i;
    const cleaned = Object.fromEntries(
      Object.entries(raw)
        .map(([k, v]): [string, string] => [k.trim(), v.trim()])
        .filter(([, v]) => v !== ''),
    );
    const parsed = opts.schema.safeParse(cleaned);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues)
        (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
      result.failed.push({ row, errors });
      continue;
    }
    try {
      await db.transaction((tx) => opts.save(tx, parsed.data));
      result.created++;
    } catch (err) {
      const message = err instanceof Error && 'status' in err ? err.message : 'This row could not be saved.';
      result.failed.push({ row, errors: { _: [message] } });
    }
  }
  return result;
}
