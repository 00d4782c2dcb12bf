interface TemporalNow {
  Now: { timeZoneId(): string };
}

let timeZone: string | undefined;

/**
 * The browser's IANA time zone ("Europe/London"), so "today" and per-day figures are the user's own days. Read once,
 * through Temporal where the browser has it: `Intl.DateTimeFormat()` is a browser's first date formatter, which
 * loads its ICU data (20–35 ms of this machine's main thread, four times that on a phone, on the dashboard's first
 * screen), where `Temporal.Now.timeZoneId()` asks only the zone (decision 051).
 */
export function browserTimeZone(): string {
  if (timeZone) return timeZone;
  try {
    const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
    timeZone = temporal?.Now.timeZoneId() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    timeZone = 'UTC';
  }
  return timeZone;
}

/** Tests only: forget the zone read before. */
export function forgetTimeZone(): void {
  timeZone = undefined;
}
