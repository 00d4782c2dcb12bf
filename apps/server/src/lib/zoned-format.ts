import { usesTwelveHourClock, writesMonthFirst } from '@courier/contract';

/**
 * Times and days written as the web app writes them (decision 064: the company's country's way), in a time zone, for
 * what the server writes itself (messages to recipients, issue 36). Intl, on the server: no first-screen cost here.
 */
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'clock' | 'day', timeZone: string, country: string | null): Intl.DateTimeFormat {
  const twelve = usesTwelveHourClock(country);
  const monthFirst = writesMonthFirst(country);
  const key = `${kind} ${timeZone} ${twelve} ${monthFirst}`;
  let f = cache.get(key);
  if (!f) {
    f =
      kind === 'clock'
        ? new Intl.DateTimeFormat(twelve ? 'en-US' : 'en-GB', {
            timeZone,
            hour: twelve ? 'numeric' : '2-digit',
            minute: '2-digit',
            hourCycle: twelve ? 'h12' : 'h23',
          })
        : new Intl.DateTimeFormat(monthFirst ? 'en-US' : 'en-GB', {
            timeZone,
            weekday: 'short',
            day: 'numeric',
            month: 'short',
          });
    cache.set(key, f);
  }
  return f;
}

/** "18:54", or "6:54 PM" where the country writes AM/PM. */
export const formatClockIn = (at: Date, timeZone: string, country: string | null): string =>
  formatter('clock', timeZone, country).format(at);

/** "Mon 30 Nov" or "Mon, Nov 30". */
export const formatDayIn = (at: Date, timeZone: string, country: string | null): string =>
  formatter('day', timeZone, country)
    .format(at)
    .replace(/,(?= \d)/, '');

/** "Mon 30 Nov, 14:00–16:00"; across days, both days. */
export function formatWindowIn(from: Date, to: Date, timeZone: string, country: string | null): string {
  const startDay = formatDayIn(from, timeZone, country);
  const endDay = formatDayIn(to, timeZone, country);
  const clock = (d: Date) => formatClockIn(d, timeZone, country);
  return startDay === endDay
    ? `${startDay}, ${clock(from)}–${clock(to)}`
    : `${startDay}, ${clock(from)} – ${endDay}, ${clock(to)}`;
}
