type PgError = { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };

/** PostgreSQL's unique-violation code, raised by a concurrent insert that slipped past a pre-check. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as PgError;
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}

/**
 * PostgreSQL's "numeric value out of range": a sum kept in an integer column (a delivery's load volume) grown past
 * it by repeated writes that each kept within the contract's limits.
 */
export function isNumericOverflow(err: unknown): boolean {
  const e = err as PgError | null;
  return (e?.code ?? e?.cause?.code) === '22003';
}
