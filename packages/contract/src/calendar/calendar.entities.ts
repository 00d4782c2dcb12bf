import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';

export const CalendarEventSchema = z.object({
  uuid: UuidSchema,
  title: z.string(),
  description: z.string().optional(),
  startDate: IsoDateTimeSchema,
  endDate: IsoDateTimeSchema,
  allDay: z.boolean(),
  eventType: z.string(),
  eventUuid: UuidSchema.optional(),
  color: z.string().optional(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;
