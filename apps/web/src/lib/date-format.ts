import { usesTwelveHourClock, writesMonthFirst } from '@courier/contract';
import dayjs from 'dayjs';

/**
 * Every date and time of the product written one way (issue 33, decision 062): in the style of the company's country
 * (day first and a 24-hour clock in Britain, month first and AM/PM in the United States), in the viewer's time zone.
 * dayjs rather than Intl: a browser's first Intl date formatter loads its ICU data on the first screen (decision 051).
 */
interface DateStyle {
  date: string;
  longDate: string;
  day: string;
  time: string;
}

const DAY_FIRST: DateStyle = { date: 'D MMM YYYY', longDate: 'D MMMM YYYY', day: 'ddd D MMM', time: 'HH:mm' };
const DAY_FIRST_12H: DateStyle = { ...DAY_FIRST, time: 'h:mm A' };
const MONTH_FIRST_12H: DateStyle = {
  date: 'MMM D, YYYY',
  longDate: 'MMMM D, YYYY',
  day: 'ddd, MMM D',
  time: 'h:mm A',
};

/** The country's way (the contract's lists, which the server's messages to recipients read too). */
export function dateStyleOf(countryCode: string): DateStyle {
  if (writesMonthFirst(countryCode)) return MONTH_FIRST_12H;
  return usesTwelveHourClock(countryCode) ? DAY_FIRST_12H : DAY_FIRST;
}

/** Until the company is known: Britain's, the default country's (lib/session/company-country.ts). */
let style = dateStyleOf('GB');

/** The signed-in company's country sets the style (the shell calls it as the company is known). */
export function setDateCountry(countryCode: string): void {
  style = dateStyleOf(countryCode);
}

const valid = (value: string | number | Date | null | undefined) => {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
};

/** "29 Nov 2026" (Britain) or "Nov 29, 2026" (United States); '' when there is no date. */
export const formatDate = (value: string | number | Date | null | undefined): string =>
  valid(value)?.format(style.date) ?? '';

/** "29 November 2026" or "November 29, 2026". */
export const formatLongDate = (value: string | number | Date | null | undefined): string =>
  valid(value)?.format(style.longDate) ?? '';

/** "18:54" or "6:54 PM". */
export const formatTime = (value: string | number | Date | null | undefined): string =>
  valid(value)?.format(style.time) ?? '';

/** "Sat 29 Nov" or "Sat, Nov 29". */
export const formatDay = (value: string | number | Date | null | undefined): string =>
  valid(value)?.format(style.day) ?? '';

/** "29 Nov 2026, 18:54" or "Nov 29, 2026, 6:54 PM"; a value that is not a date is shown as it is. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = valid(value);
  if (!d) return typeof value === 'string' ? value : '';
  return `${d.format(style.date)}, ${d.format(style.time)}`;
}

/**
 * A window: "Sat 29 Nov, 14:00–16:00"; across midnight "Sat 29 Nov, 22:00 – Sun 30 Nov, 06:00"; the year only when
 * it is not this year's.
 */
export function formatWindowRange(from: string, to: string, now: Date = new Date()): string {
  const start = valid(from);
  const end = valid(to);
  if (!start || !end) return 'Any time';
  const day = (d: dayjs.Dayjs) =>
    d.year() === now.getFullYear() ? d.format(style.day) : `${d.format(style.day)} ${d.year()}`;
  if (start.isSame(end, 'day')) return `${day(start)}, ${start.format(style.time)}–${end.format(style.time)}`;
  return `${day(start)}, ${start.format(style.time)} – ${day(end)}, ${end.format(style.time)}`;
}
