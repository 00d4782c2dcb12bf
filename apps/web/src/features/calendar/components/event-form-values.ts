import { COMPANY_EVENT_COLOUR, type CalendarEventBody } from '@courier/contract';
import dayjs from 'dayjs';

/** The company-event form: dates as the native inputs hold them, in the browser's time zone. */
export interface EventFormValues {
  title: string;
  description: string;
  allDay: boolean;
  /** "2026-05-01T09:00" (timed) or "2026-05-01" (all day). */
  start: string;
  end: string;
  color: string;
}

const TIMED = 'YYYY-MM-DDTHH:mm';
const DAY = 'YYYY-MM-DD';

/** Form values for a new event over a selected range, or for an event being edited. */
export function formValuesOf(input: {
  title?: string;
  description?: string;
  allDay: boolean;
  start: Date;
  end: Date;
  color?: string;
}): EventFormValues {
  // An all-day range ends at midnight after its last day; the form shows the last day itself.
  const end = input.allDay ? dayjs(input.end).subtract(1, 'day') : dayjs(input.end);
  return {
    title: input.title ?? '',
    description: input.description ?? '',
    allDay: input.allDay,
    start: dayjs(input.start).format(input.allDay ? DAY : TIMED),
    end: end.format(input.allDay ? DAY : TIMED),
    color: input.color ?? COMPANY_EVENT_COLOUR,
  };
}

/** Switching all day on or off keeps the same days. */
export function withAllDay(values: EventFormValues, allDay: boolean): EventFormValues {
  const start = dayjs(values.start);
  const end = dayjs(values.end);
  return {
    ...values,
    allDay,
    start: allDay ? start.format(DAY) : start.hour(9).format(TIMED),
    end: allDay ? end.format(DAY) : (end.isSame(start, 'day') ? end.hour(10) : end.hour(17)).format(TIMED),
  };
}

/** The request body; an all-day event runs to midnight after its last day. Invalid dates stay empty for the schema. */
export function bodyOf(values: EventFormValues): CalendarEventBody {
  const start = dayjs(values.start);
  const end = values.allDay ? dayjs(values.end).add(1, 'day').startOf('day') : dayjs(values.end);
  return {
    title: values.title,
    description: values.description.trim() || undefined,
    allDay: values.allDay,
    startDate: start.isValid() ? start.toISOString() : '',
    endDate: end.isValid() ? end.toISOString() : '',
    color: values.color || undefined,
  };
}
