import type { BoardVehicle, RouteFigures } from '@courier/contract';
import { formatDistance, formatDuration } from '../../lib/delivery-format';

/**
 * How the dispatch board writes its figures and times (issue 35): loads against a vehicle's capacity, lateness,
 * routes' figures before and after a change, and the working day's times as minutes from midnight in the company's
 * time zone (what the server's shift fields hold).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** 510 → "08:30"; 1440 (the end of the day) → "24:00". */
export function timeOfMinute(minute: number): string {
  const m = Math.max(0, Math.min(24 * 60, Math.round(minute)));
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/**
 * "08:30" → 510; '' or a text that is no time → null. `endOfDay`: "00:00" is the midnight that ends the day (1440),
 * for a shift that ends then.
 */
export function minuteOfTime(text: string, endOfDay = false): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return null;
  const minute = h * 60 + m;
  return endOfDay && minute === 0 ? 24 * 60 : minute;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, at: Date) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(at)) parts[p.type] = p.value;
  return parts;
}

/** The day ("2026-03-02") it is in a time zone. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  const p = partsIn(timeZone, now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "2026-02-28" + 1 → "2026-03-01". */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "+12 min", "+1 h 05 min": how late a stop would be served. */
export const lateText = (minutes: number) => `+${formatDuration(minutes * 60)}`;

const kg = (n: number) => `${Math.round(n).toLocaleString('en-GB')} kg`;
/** Volumes as a van is spoken of: litres under a cubic metre, cubic metres from there. */
function volumeText(cm3: number, scale: number): string {
  if (scale < 1_000_000) return `${Math.round(cm3 / 1000).toLocaleString('en-GB')} L`;
  return `${(cm3 / 1_000_000).toFixed(cm3 < 10_000_000 ? 1 : 0)} m³`;
}

export interface LoadShown {
  /** The fullest dimension's share of its capacity, 0–100+ ; null when the vehicle's capacity is unknown. */
  percent: number | null;
  over: boolean;
  /** "420 kg of 600 kg · 1.2 m³ of 3.0 m³" ("12 L of 500 L" for small ones), or the peak alone without a capacity. */
  label: string;
}

/** A route's peak load against its vehicle: the bar's fill is the fuller of weight and volume. */
export function loadOf(figures: RouteFigures, vehicle: BoardVehicle | null): LoadShown {
  const { kg: capKg, cm3: capCm3 } = vehicle?.capacity ?? { kg: null, cm3: null };
  const shares = [capKg ? figures.peakKg / capKg : null, capCm3 ? figures.peakCm3 / capCm3 : null].filter(
    (s): s is number => s !== null,
  );
  const weight = capKg ? `${kg(figures.peakKg)} of ${kg(capKg)}` : kg(figures.peakKg);
  const scale = Math.max(figures.peakCm3, capCm3 ?? 0);
  const volume = capCm3
    ? `${volumeText(figures.peakCm3, scale)} of ${volumeText(capCm3, scale)}`
    : volumeText(figures.peakCm3, scale);
  return {
    percent: shares.length ? Math.round(Math.max(...shares) * 100) : null,
    over: figures.overCapacity,
    label: `${weight} · ${volume}`,
  };
}

export interface FigureChange {
  label: string;
  before: string;
  after: string;
  /** Which way it went: lower is better for every figure here. */
  trend: 'better' | 'worse' | 'same';
}

const trendOf = (before: number, after: number): FigureChange['trend'] =>
  after < before ? 'better' : after > before ? 'worse' : 'same';

/** A route's or a plan's figures before → after: distance, duration, late stops. */
export function figureChanges(
  before: Pick<RouteFigures, 'distanceM' | 'durationS' | 'lateStops'>,
  after: Pick<RouteFigures, 'distanceM' | 'durationS' | 'lateStops'>,
): FigureChange[] {
  return [
    {
      label: 'Distance',
      before: formatDistance(before.distanceM),
      after: formatDistance(after.distanceM),
      trend: trendOf(before.distanceM, after.distanceM),
    },
    {
      label: 'Duration',
      before: formatDuration(before.durationS),
      after: formatDuration(after.durationS),
      trend: trendOf(before.durationS, after.durationS),
    },
    {
      label: 'Late stops',
      before: String(before.lateStops),
      after: String(after.lateStops),
      trend: trendOf(before.lateStops, after.lateStops),
    },
  ];
}

/** Each driver's colour on the board and the map, in turn (Mantine colour names, shade 6 drawn). */
export const DRIVER_COLORS = [
  'blue',
  'orange',
  'grape',
  'teal',
  'red',
  'lime',
  'cyan',
  'pink',
  'violet',
  'yellow',
  'indigo',
  'green',
] as const;
export type DriverColor = (typeof DRIVER_COLORS)[number];

export const driverColor = (position: number): DriverColor => DRIVER_COLORS[position % DRIVER_COLORS.length]!;

/** "1 stop", "3 stops". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
