import { COMPANY_EVENT_COLOUR, type CalendarEvent } from '@courier/contract';

export type CalendarEventKind = 'delivery-window' | 'company-event';

/** What the calendar keeps beside each event to act on it. */
export interface EventMeta {
  kind: CalendarEventKind;
  /** The delivery of a window; absent on company events. */
  deliveryUuid: string | null;
  description: string;
  color: string;
}

/** The shape FullCalendar takes (its EventInput), kept narrow so it can be tested without the calendar. */
export interface CalendarInput {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  /** FullCalendar 7 names an event's fill `color` and its text colour `contrastColor`. */
  color: string;
  contrastColor: string;
  className: string;
  extendedProps: EventMeta;
}

const WINDOW_FALLBACK_COLOUR = '#4c6ef5';

export function kindOf(event: Pick<CalendarEvent, 'eventType'>): CalendarEventKind {
  return event.eventType === 'delivery-window' ? 'delivery-window' : 'company-event';
}

/** A server event as the calendar shows it: coloured by the server's colour, tagged with what it is. */
export function toCalendarInput(event: CalendarEvent): CalendarInput {
  const kind = kindOf(event);
  const color = event.color ?? (kind === 'delivery-window' ? WINDOW_FALLBACK_COLOUR : COMPANY_EVENT_COLOUR);
  return {
    id: event.uuid,
    title: event.title,
    start: event.startDate,
    end: event.endDate,
    allDay: event.allDay,
    color,
    contrastColor: '#fff',
    className: kind,
    extendedProps: {
      kind,
      deliveryUuid: kind === 'delivery-window' ? (event.eventUuid ?? null) : null,
      description: event.description ?? '',
      color,
    },
  };
}

/** The time grid starts at 6 am, the usual first pickup, so a week fits the screen. */
const FIRST_SLOT_HOUR = 6;

/**
 * The first hour the time grid shows for these events (FullCalendar's `slotMinTime`, in the browser's zone): 6 am,
 * or the hour of an earlier start, or midnight when an event runs on from the day before, so no event is cut off.
 */
export function firstSlotTime(events: Pick<CalendarEvent, 'startDate' | 'endDate' | 'allDay'>[]): string {
  let hour = FIRST_SLOT_HOUR;
  for (const event of events) {
    if (event.allDay) continue;
    const start = new Date(event.startDate);
    const nextMidnight = new Date(start);
    nextMidnight.setHours(24, 0, 0, 0);
    hour = new Date(event.endDate) > nextMidnight ? 0 : Math.min(hour, start.getHours());
    if (hour === 0) break;
  }
  return `${String(hour).padStart(2, '0')}:00:00`;
}

/** Where the week and day views open: the hour before now, so the hours still to come are in view. */
export function scrollTimeFor(now: Date): string {
  return `${String(Math.max(0, now.getHours() - 1)).padStart(2, '0')}:00:00`;
}

const DAY_MS = 86_400_000;

/**
 * The start and end to save after a drag or resize. FullCalendar gives no end when an event is dropped on a
 * single slot or day (it then uses the default duration): keep the old length, or one day for an all-day event.
 */
export function movedRange(
  moved: { start: Date | null; end: Date | null; allDay: boolean },
  before: { start: Date | null; end: Date | null },
): { startDate: string; endDate: string } | null {
  if (!moved.start) return null;
  const previousLength =
    before.start && before.end
      ? before.end.getTime() - before.start.getTime()
      : moved.allDay
        ? DAY_MS
        : 3_600_000;
  const end = moved.end ?? new Date(moved.start.getTime() + Math.max(previousLength, 60_000));
  return { startDate: moved.start.toISOString(), endDate: end.toISOString() };
}

/** The range to ask the server for: the visible dates as ISO datetimes. */
export function rangeQuery(start: Date, end: Date): { start: string; end: string } {
  return { start: start.toISOString(), end: end.toISOString() };
}
