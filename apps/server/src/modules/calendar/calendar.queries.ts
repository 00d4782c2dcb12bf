import type { CalendarEventBodySchema } from '@courier/contract';
import { and, asc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import {
  calendarEvents,
  deliveries,
  deliveryScheduleWindows,
  deliveryScheduleWindowTypes,
} from '../../db/schema/index.js';
import { visibleToCompany } from '../../access/delivery-access.js';

/** At most this many delivery windows in one range; the calendar asks for a month or a week at a time. */
export const CALENDAR_WINDOWS_MAX = 2000;

export const windowEventColumns = {
  id: deliveryScheduleWindows.id,
  typeSlug: deliveryScheduleWindows.typeSlug,
  typeName: deliveryScheduleWindowTypes.name,
  startAt: deliveryScheduleWindows.startAt,
  endAt: deliveryScheduleWindows.endAt,
  deliveryId: deliveries.id,
  deliveryName: deliveries.name,
  liveStatusSlug: deliveries.liveStatusSlug,
};
export type WindowEventRow = Awaited<ReturnType<typeof listWindowEvents>>[number];

/** Schedule windows with their delivery, for the deliveries the company sees. */
const windowEvents = (db: DbOrTx, companyId: string, where: SQL | undefined) =>
  db
    .select(windowEventColumns)
    .from(deliveryScheduleWindows)
    .innerJoin(deliveries, eq(deliveries.id, deliveryScheduleWindows.deliveryId))
    .innerJoin(
      deliveryScheduleWindowTypes,
      eq(deliveryScheduleWindowTypes.slug, deliveryScheduleWindows.typeSlug),
    )
    .where(and(visibleToCompany(companyId), where));

/** Schedule windows of the deliveries the company sees that overlap [start, end). */
export function listWindowEvents(db: DbOrTx, opts: { companyId: string; start: Date; end: Date }) {
  return windowEvents(
    db,
    opts.companyId,
    and(lt(deliveryScheduleWindows.startAt, opts.end), gt(deliveryScheduleWindows.endAt, opts.start)),
  )
    .orderBy(asc(deliveryScheduleWindows.startAt))
    .limit(CALENDAR_WINDOWS_MAX);
}

export async function findWindowEvent(db: DbOrTx, opts: { companyId: string; windowId: string }) {
  const [row] = await windowEvents(db, opts.companyId, eq(deliveryScheduleWindows.id, opts.windowId)).limit(
    1,
  );
  return row;
}

export const companyEventColumns = {
  id: calendarEvents.id,
  title: calendarEvents.title,
  description: calendarEvents.description,
  startAt: calendarEvents.startAt,
  endAt: calendarEvents.endAt,
  allDay: calendarEvents.allDay,
  color: calendarEvents.color,
};
export type CompanyEventRow = Awaited<ReturnType<typeof listCompanyEvents>>[number];

export async function listCompanyEvents(db: DbOrTx, opts: { companyId: string; start: Date; end: Date }) {
  return db
    .select(companyEventColumns)
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.companyId, opts.companyId),
        lt(calendarEvents.startAt, opts.end),
        gt(calendarEvents.endAt, opts.start),
      ),
    )
    .orderBy(asc(calendarEvents.startAt));
}

export async function findCompanyEvent(db: DbOrTx, opts: { companyId: string; eventId: string }) {
  const [row] = await db
    .select(companyEventColumns)
    .from(calendarEvents)
    .where(and(eq(calendarEvents.companyId, opts.companyId), eq(calendarEvents.id, opts.eventId)))
    .limit(1);
  return row;
}

type EventValues = z.output<typeof CalendarEventBodySchema>;

const eventRow = (e: EventValues) => ({
  title: e.title,
  description: e.description || null,
  startAt: new Date(e.startDate),
  endAt: new Date(e.endDate),
  allDay: e.allDay,
  color: e.color ?? null,
});

export async function insertCompanyEvent(
  db: DbOrTx,
  opts: { companyId: string; userId: string; event: EventValues },
) {
  const [row] = await db
    .insert(calendarEvents)
    .values({ companyId: opts.companyId, createdByUserId: opts.userId, ...eventRow(opts.event) })
    .returning({ id: calendarEvents.id });
  return row!.id;
}

/** The event's id, or undefined when the company has no such event. */
export async function updateCompanyEvent(
  db: DbOrTx,
  opts: { companyId: string; eventId: string; event: EventValues },
) {
  const [row] = await db
    .update(calendarEvents)
    .set({ ...eventRow(opts.event), updatedAt: new Date() })
    .where(and(eq(calendarEvents.companyId, opts.companyId), eq(calendarEvents.id, opts.eventId)))
    .returning({ id: calendarEvents.id });
  return row?.id;
}

/** The event's id, or undefined when the company has no such event. */
export async function deleteCompanyEvent(db: DbOrTx, opts: { companyId: string; eventId: string }) {
  const [row] = await db
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.companyId, opts.companyId), eq(calendarEvents.id, opts.eventId)))
    .returning({ id: calendarEvents.id });
  return row?.id;
}
