const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

// Made at the first use, not when the frame's code loads: a browser's first Intl formatter of a kind loads its ICU
// data, tens of milliseconds of a phone's main thread, and the frame draws no time until a panel opens.
let formatter: Intl.RelativeTimeFormat | undefined;
const format = () => (formatter ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' }));

/** "just now", "5 min. ago", "yesterday", "3 wk. ago": how long ago `iso` was, from `now`. */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format().format(-Math.floor(seconds / size), unit);
  }
  return format().format(-1, 'minute');
}
