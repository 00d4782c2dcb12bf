/**
 * Days and times of day in a company's time zone (issue 35: a shift of 08:00 is 08:00 where the company works,
 * whatever the server's zone, across daylight-saving changes). Built on Intl alone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    utcMs: Date.UTC(
      +parts.year!,
      +parts.month! - 1,
      +parts.day!,
      +parts.hour!,
      +parts.minute!,
      +parts.second!,
    ),
  };
}

/** The day (YYYY-MM-DD) it is at `at` in `timeZone`. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return wallClock(at, timeZone).day;
}

/** How far `timeZone`'s clock is ahead of UTC at `at`, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const wholeSeconds = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return wallClock(wholeSeconds, timeZone).utcMs - wholeSeconds.getTime();
}

/**
 * The instant at `minute` minutes after midnight of `day` in `timeZone` (24:00 is the next midnight). A time that a
 * spring-forward skips is read with the offset before the change, as clocks do.
 */
export function zonedInstant(day: string, minute: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d) + minute * 60_000;
  const first = asUtc - offsetMs(new Date(asUtc), timeZone);
  const second = asUtc - offsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** The next day of a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Minutes after midnight on `timeZone`'s clock at `at`. */
export function minuteOfDayIn(timeZone: string, at: Date = new Date()): number {
  const { utcMs } = wallClock(at, timeZone);
  return Math.floor((utcMs % 86_400_000) / 60_000);
}
