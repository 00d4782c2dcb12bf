import { COMPANY_EVENT_COLOUR, type CalendarEvent } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { firstSlotTime, movedRange, scrollTimeFor, toCalendarInput } from './calendar-events';
import { bodyOf, formValuesOf, withAllDay } from './components/event-form-values';

const base: CalendarEvent = {
  uuid: '00000000-0000-4000-8000-000000000001',
  title: 'Books to Hammersmith',
  startDate: '2026-05-04T09:00:00.000Z',
  endDate: '2026-05-04T11:00:00.000Z',
  allDay: false,
  eventType: 'delivery-window',
  eventUuid: '00000000-0000-4000-8000-000000000002',
  color: '#7950f2',
};

describe('calendar events', () => {
  it('maps a delivery window with its colour and its delivery', () => {
    const input = toCalendarInput(base);
    expect(input).toMatchObject({
      id: base.uuid,
      start: base.startDate,
      end: base.endDate,
      color: '#7950f2',
      extendedProps: { kind: 'delivery-window', deliveryUuid: base.eventUuid },
    });
  });

  it('maps a company event without a colour to the company colour and no delivery', () => {
    const input = toCalendarInput({
      ...base,
      eventType: 'company-event',
      color: undefined,
      eventUuid: undefined,
    });
    expect(input.color).toBe(COMPANY_EVENT_COLOUR);
    expect(input.extendedProps).toMatchObject({ kind: 'company-event', deliveryUuid: null, description: '' });
  });

  it('keeps the old length when a drop gives no end', () => {
    const before = { start: new Date('2026-05-04T09:00:00Z'), end: new Date('2026-05-04T11:00:00Z') };
    const moved = { start: new Date('2026-05-05T10:00:00Z'), end: null, allDay: false };
    expect(movedRange(moved, before)).toEqual({
      startDate: '2026-05-05T10:00:00.000Z',
      endDate: '2026-05-05T12:00:00.000Z',
    });
    expect(movedRange({ ...moved, start: null }, before)).toBeNull();
  });
});

describe('company event form values', () => {
  it('an all-day selection shows its last day and saves to midnight after it', () => {
    const values = formValuesOf({
      allDay: true,
      start: new Date(2026, 4, 4),
      end: new Date(2026, 4, 6),
    });
    expect(values).toMatchObject({ start: '2026-05-04', end: '2026-05-05', allDay: true });
    const body = bodyOf({ ...values, title: 'Stock take' });
    expect(new Date(body.endDate).getTime()).toBe(new Date(2026, 4, 6).getTime());
  });

  it('turning all day off gives working hours on the same days', () => {
    const values = withAllDay(
      { title: 'x', description: '', allDay: true, start: '2026-05-04', end: '2026-05-04', color: '#495057' },
      false,
    );
    expect(values).toMatchObject({ start: '2026-05-04T09:00', end: '2026-05-04T10:00' });
  });

  it('opens the week and day views at the hour before now', () => {
    expect(scrollTimeFor(new Date(2026, 10, 28, 19, 30))).toBe('18:00:00');
    expect(scrollTimeFor(new Date(2026, 10, 28, 0, 10))).toBe('00:00:00');
  });

  it('starts the time grid at 6 am, or early enough for an event before it, or at midnight for one from the day before', () => {
    const at = (day: number, hour: number, minute = 0) => new Date(2026, 4, day, hour, minute).toISOString();
    const timed = (start: string, end: string) => ({ startDate: start, endDate: end, allDay: false });
    expect(firstSlotTime([])).toBe('06:00:00');
    expect(firstSlotTime([timed(at(4, 9), at(4, 11))])).toBe('06:00:00');
    expect(firstSlotTime([timed(at(4, 9), at(4, 11)), timed(at(5, 4, 30), at(5, 5, 15))])).toBe('04:00:00');
    // All-day events are above the grid; an evening ending at midnight does not reach the next day's grid.
    expect(firstSlotTime([{ startDate: at(4, 0), endDate: at(5, 0), allDay: true }])).toBe('06:00:00');
    expect(firstSlotTime([timed(at(4, 22), at(5, 0))])).toBe('06:00:00');
    expect(firstSlotTime([timed(at(4, 22), at(5, 2))])).toBe('00:00:00');
  });
});
