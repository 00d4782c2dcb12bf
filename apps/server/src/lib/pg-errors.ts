/** PostgreSQL's unique-violation code, raised by a concurrent insert that slipped past a pre-check. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}
