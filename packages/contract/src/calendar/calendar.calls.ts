import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { CalendarEventSchema } from './calendar.entities.js';
import type { LiveStatus } from '../deliveries/status-machine.js';
import { CompanyParamsSchema } from '../params.js';
import { defineCall } from '../api/define-call.js';

/** A delivery's schedule window, or an event the company wrote itself. */
export const CALENDAR_EVENT_TYPES = ['delivery-window', 'company-event'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];

/** Colour of a delivery window on the calendar, by the delivery's live status (readable on light and dark). */
export const DELIVERY_CALENDAR_COLOURS: Readonly<Record<LiveStatus, string>> = {
  created: '#868e96',
  scheduled: '#7950f2',
  assigned: '#4c6ef5',
  'en-route-to-pickup': '#1c7ed6',
  'at-pickup': '#1c7ed6',
  'picked-up': '#1098ad',
  'en-route-to-dropoff': '#1098ad',
  'at-dropoff': '#1098ad',
  delivered: '#37b24d',
  completed: '#2b8a3e',
  failed: '#f76707',
  cancelled: '#e03131',
  returned: '#f59f00',
};
/** Colour of a company event with none of its own. */
export const COMPANY_EVENT_COLOUR = '#495057';

const HexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c7ed6.');

const endAfterStart = <T extends { startDate: string; endDate: string }>(v: T, ctx: z.RefinementCtx) => {
  if (Date.parse(v.endDate) <= Date.parse(v.startDate))
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end must be after the start.' });
};

export const CalendarRangeQuerySchema = z
  .object({ start: IsoDateTimeSchema, end: IsoDateTimeSchema })
  .superRefine((v, ctx) => {
    const days = (Date.parse(v.end) - Date.parse(v.start)) / 86_400_000;
    if (days <= 0)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start.' });
    else if (days > LIMITS.calendarRangeDaysMax)
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: `Ask for at most ${LIMITS.calendarRangeDaysMax} days at once.`,
      });
  });
export type CalendarRangeQuery = z.infer<typeof CalendarRangeQuerySchema>;

export const CalendarEventBodySchema = z
  .object({
    title: z.string().trim().min(1, 'Give the event a title.').max(LIMITS.nameMax),
    description: z.string().trim().max(LIMITS.descriptionMax).optional(),
    startDate: IsoDateTimeSchema,
    endDate: IsoDateTimeSchema,
    allDay: z.boolean().default(false),
    color: HexColourSchema.optional(),
  })
  .superRefine(endAfterStart);
export type CalendarEventBody = z.input<typeof CalendarEventBodySchema>;

export const RescheduleWindowBodySchema = z
  .object({ startDate: IsoDateTimeSchema, endDate: IsoDateTimeSchema })
  .superRefine(endAfterStart);
export type RescheduleWindowBody = z.infer<typeof RescheduleWindowBodySchema>;

export const CalendarEventParamsSchema = CompanyParamsSchema.extend({ eventUuid: UuidSchema });
export const ScheduleWindowParamsSchema = CompanyParamsSchema.extend({ windowUuid: UuidSchema });

export const CALENDAR_TEXTS = {
  created: 'Event added.',
  updated: 'Event updated.',
  deleted: 'Event deleted.',
  rescheduled: 'Delivery rescheduled.',
} as const;

const c = '/c/:companySlug/admin/calendar';
export const calendarCalls = {
  listEvents: defineCall({
    method: 'GET',
    path: `${c}/events`,
    summary: "Deliveries' schedule windows and the company's own events overlapping a date range",
    params: CompanyParamsSchema,
    query: CalendarRangeQuerySchema,
    data: z.array(CalendarEventSchema),
  }),
  createEvent: defineCall({
    method: 'POST',
    path: `${c}/events`,
    summary: 'Add a company event',
    params: CompanyParamsSchema,
    body: CalendarEventBodySchema,
    data: CalendarEventSchema,
    status: 201,
  }),
  updateEvent: defineCall({
    method: 'PUT',
    path: `${c}/events/:eventUuid`,
    summary: 'Edit, move or resize a company event',
    params: CalendarEventParamsSchema,
    body: CalendarEventBodySchema,
    data: CalendarEventSchema,
  }),
  deleteEvent: defineCall({
    method: 'DELETE',
    path: `${c}/events/:eventUuid`,
    summary: 'Delete a company event',
    params: CalendarEventParamsSchema,
    data: z.object({ uuid: UuidSchema }),
  }),
  rescheduleWindow: defineCall({
    method: 'PUT',
    path: `${c}/windows/:windowUuid`,
    summary: "Move or resize a delivery's schedule window (checked against its other windows and status)",
    params: ScheduleWindowParamsSchema,
    body: RescheduleWindowBodySchema,
    data: CalendarEventSchema,
  }),
};
