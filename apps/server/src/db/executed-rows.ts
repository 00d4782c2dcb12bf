/**
 * The rows of a raw `db.execute(sql…)`: node-postgres answers them as an array, PGlite as `{ rows }`. One reader, so
 * every raw statement runs the same on both databases.
 */
export const rowsOf = <R = Record<string, unknown>>(result: unknown): R[] =>
  Array.isArray(result) ? (result as R[]) : ((result as { rows?: R[] }).rows ?? []);
