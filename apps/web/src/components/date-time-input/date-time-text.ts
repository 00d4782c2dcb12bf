/**
 * The text of a date-time field (date-time-input.tsx) and the form value behind it. Forms hold the value a
 * `datetime-local` input gives ("2026-11-21T14:00", local time), which their `localToIso` turns into ISO; the field
 * shows it as "2026-11-21 14:00" and reads back what is typed.
 */

/** What an empty field shows: the one format it reads. */
export const DATE_TIME_PLACEHOLDER = 'YYYY-MM-DD HH:mm';

const VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
// Year, month, day, then hours and minutes after a space, a "T" or a comma; one-digit months, days and hours too.
const TYPED = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:\s*[T,]\s*|\s+)(\d{1,2})[:.](\d{2})\s*$/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** A complete value as a `datetime-local` input holds it. */
export function isDateTimeValue(value: string): boolean {
  return VALUE.test(value);
}

/** The text shown for a form value: its date and time with a space between; anything else (typed) as it is. */
export function textOfValue(value: string): string {
  return isDateTimeValue(value) ? value.replace('T', ' ') : value;
}

/**
 * The form value of what was typed: "YYYY-MM-DDTHH:mm" when it is a real date and time, '' when empty, else the text
 * itself, which the form's checks report as they report any date they cannot read.
 */
export function valueOfText(text: string): string {
  if (text.trim() === '') return '';
  const match = TYPED.exec(text);
  if (!match) return text;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day);
  const realDay = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  if (!realDay || hours > 23 || minutes > 59) return text;
  return `${year}-${pad(month)}-${pad(day)}T${pad(hours)}:${pad(minutes)}`;
}
