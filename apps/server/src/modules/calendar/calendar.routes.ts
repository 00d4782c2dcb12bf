import { CALENDAR_TEXTS, calendarCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentCompanyEvent, presentWindowEvent } from './calendar.presenter.js';
import {
  deleteCompanyEvent,
  findCompanyEvent,
  findWindowEvent,
  insertCompanyEvent,
  listCompanyEvents,
  listWindowEvents,
  updateCompanyEvent,
} from './calendar.queries.js';
import { rescheduleWindow } from './calendar.service.js';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { deliveryRuleOf } from '../../access/delivery-call.js';

export function calendarRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, calendarCalls.listEvents, async ({ request, query }) => {
    const { companyId } = tenantOf(request);
    const range = { companyId, start: new Date(query.start), end: new Date(query.end) };
    const [windows, own] = await Promise.all([listWindowEvents(db, range), listCompanyEvents(db, range)]);
    return { data: [...windows.map(presentWindowEvent), ...own.map(presentCompanyEvent)] };
  });

  registerCall(app, calendarCalls.createEvent, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const id = await insertCompanyEvent(db, { companyId, userId: request.auth!.userId, event: body });
    const event = await findCompanyEvent(db, { companyId, eventId: id });
    return { data: presentCompanyEvent(event!), message: CALENDAR_TEXTS.created };
  });

  registerCall(app, calendarCalls.updateEvent, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    const id = await updateCompanyEvent(db, { companyId, eventId: params.eventUuid, event: body });
    if (!id) throw notFound('Event');
    const event = await findCompanyEvent(db, { companyId, eventId: id });
    return { data: presentCompanyEvent(event!), message: CALENDAR_TEXTS.updated };
  });

  registerCall(app, calendarCalls.deleteEvent, async ({ request, params }) => {
    const id = await deleteCompanyEvent(db, {
      companyId: tenantOf(request).companyId,
      eventId: params.eventUuid,
    });
    if (!id) throw notFound('Event');
    return { data: { uuid: id }, message: CALENDAR_TEXTS.deleted };
  });

  const reschedule = deliveryRuleOf(calendarCalls.rescheduleWindow);
  registerCall(app, calendarCalls.rescheduleWindow, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    const found = await findWindowEvent(db, { companyId, windowId: params.windowUuid });
    if (!found) throw notFound('Schedule window');
    // The window names its delivery, which is asked the call's rule (`delivery:edit`).
    const access = await deliveryAccess(db, companyActor(request), reschedule.action, found.deliveryId, {
      as: 'Schedule window',
    });
    await rescheduleWindow(app.database.db, access, { window: found, body });
    const window = await findWindowEvent(db, { companyId, windowId: params.windowUuid });
    return { data: presentWindowEvent(window!), message: CALENDAR_TEXTS.rescheduled };
  });
}
