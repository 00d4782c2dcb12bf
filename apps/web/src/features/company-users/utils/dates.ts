/** "2026-05-01T00:00:00.000Z" for the date input's "2026-05-01"; empty is null. */
export function isoFromDateInput(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : null;
}

/** The date input's "2026-05-01" for an ISO datetime (its UTC date, as saved). */
export function dateInputFromIso(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}
