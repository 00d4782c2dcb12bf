import {
  COMPANY_EVENT_COLOUR,
  DELIVERY_CALENDAR_COLOURS,
  type CalendarEvent,
  type LiveStatus,
} from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { CompanyEventRow, WindowEventRow } from './calendar.queries.js';

export function presentWindowEvent(row: WindowEventRow): CalendarEvent {
  return {
    uuid: row.id,
    title: `${row.deliveryName} · ${row.typeName}`,
    description: row.liveStatusSlug,
    startDate: iso(row.startAt),
    endDate: iso(row.endAt),
    allDay: false,
    eventType: 'delivery-window',
    eventUuid: row.deliveryId,
    color: DELIVERY_CALENDAR_COLOURS[row.liveStatusSlug as LiveStatus] ?? COMPANY_EVENT_COLOUR,
  };
}

export function presentCompanyEvent(row: CompanyEventRow): CalendarEvent {
  return {
    uuid: row.id,
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    startDate: iso(row.startAt),
    endDate: iso(row.endAt),
    allDay: row.allDay,
    eventType: 'company-event',
    color: row.color ?? COMPANY_EVENT_COLOUR,
  };
}
