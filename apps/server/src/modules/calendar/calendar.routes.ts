import { CALENDAR_TEXTS, calendarCalls } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calendarEvents } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentCompanyEvent, presentWindowEvent } from './calendar.presenter.js';
import {
  findCompanyEvent,
  findWindowEvent,
  listCompanyEvents,
  listWindowEvents,
} from './calendar.queries.js';
import { rescheduleWindow } from './calendar.service.js';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';

export function calendarRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, calendarCalls.listEvents, async ({ request, query }) => {
    const { companyId } = tenantOf(request);
    const range = { companyId, start: new Date(query.start), end: new Date(query.end) };
    const [windows, own] = await Promise.all([listWindowEvents(db, range), listCompanyEvents(db, range)]);
    return { data: [...windows.map(presentWindowEvent), ...own.map(presentCompanyEvent)] };
  });

  const values = (body: {
    title: string;
    description?: string;
    startDate: string;
    endDate: string;
    allDay: boolean;
    color?: string;
  }) => ({
    title: body.title,
    description: body.description || null,
    startAt: new Date(body.startDate),
    endAt: new Date(body.endDate),
    allDay: body.allDay,
    color: body.color ?? null,
  });

  registerCall(app, calendarCalls.createEvent, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const [row] = await db
      .insert(calendarEvents)
      .values({ companyId, createdByUserId: request.auth!.userId, ...values(body) })
      .returning({ id: calendarEvents.id });
    const event = await findCompanyEvent(db, { companyId, eventId: row!.id });
    return { data: presentCompanyEvent(event!), message: CALENDAR_TEXTS.created };
  });

  registerCall(app, calendarCalls.updateEvent, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    const [row] = await db
      .update(calendarEvents)
      .set({ ...values(body), updatedAt: new Date() })
      .where(and(eq(calendarEvents.companyId, companyId), eq(calendarEvents.id, params.eventUuid)))
      .returning({ id: calendarEvents.id });
    if (!row) throw notFound('Event');
    const event = await findCompanyEvent(db, { companyId, eventId: row.id });
    return { data: presentCompanyEvent(event!), message: CALENDAR_TEXTS.updated };
  });

  registerCall(app, calendarCalls.deleteEvent, async ({ request, params }) => {
    const { companyId } = tenantOf(request);
    const [row] = await db
      .delete(calendarEvents)
      .where(and(eq(calendarEvents.companyId, companyId), eq(calendarEvents.id, params.eventUuid)))
      .returning({ id: calendarEvents.id });
    if (!row) throw notFound('Event');
    return { data: { uuid: row.id }, message: CALENDAR_TEXTS.deleted };
  });

  registerCall(app, calendarCalls.rescheduleWindow, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    const found = await findWindowEvent(db, { companyId, windowId: params.windowUuid });
    if (!found) throw notFound('Schedule window');
    const access = await deliveryAccess(db, companyActor(request), 'edit', found.deliveryId, {
      as: 'Schedule window',
    });
    await rescheduleWindow(app.database.db, access, { window: found, body });
    const window = await findWindowEvent(db, { companyId, windowId: params.windowUuid });
    return { data: presentWindowEvent(window!), message: CALENDAR_TEXTS.rescheduled };
  });
}
