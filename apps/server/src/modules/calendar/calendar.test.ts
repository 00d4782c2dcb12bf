import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery, type TestDelivery } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;

type Event = {
  uuid: string;
  title: string;
  startDate: string;
  endDate: string;
  allDay: boolean;
  eventType: string;
  eventUuid?: string;
  color?: string;
};

const day = 86_400_000;
const at = (days: number, hours = 0) => {
  const d = new Date(Date.UTC(2031, 0, 10) + days * day + hours * 3_600_000);
  return d.toISOString();
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  delivery = await createTestDelivery(c.adminA, c.base, {
    name: 'Calendar run',
    scheduleWindows: [
      { deliveryScheduleWindowTypeSlug: 'pickup', startAt: at(0, 9), endAt: at(0, 11) },
      { deliveryScheduleWindowTypeSlug: 'dropoff', startAt: at(0, 13), endAt: at(0, 17) },
    ],
  });
  await createTestDelivery(c.adminA, c.base, {
    name: 'Next month',
    scheduleWindows: [{ deliveryScheduleWindowTypeSlug: 'dropoff', startAt: at(40, 9), endAt: at(40, 10) }],
  });
});
afterAll(() => t.close());

const events = async (start: string, end: string, base = c.base, agent = c.adminA) =>
  agent.get(`${base}/calendar/events?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`);

describe('calendar', () => {
  it('answers the delivery windows and company events overlapping a range, coloured by status', async () => {
    const created = await c.adminA.post(`${c.base}/calendar/events`, {
      title: 'Depot stock-take',
      startDate: at(1),
      endDate: at(2),
      allDay: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Event added.', data: { eventType: 'company-event' } });
    const week = (await events(at(-1), at(6))).json<{ data: Event[] }>().data;
    expect(week.map((e) => e.title).sort()).toEqual([
      'Calendar run · Dropoff window',
      'Calendar run · Pickup window',
      'Depot stock-take',
    ]);
    const pickup = week.find((e) => e.title.endsWith('Pickup window'))!;
    expect(pickup).toMatchObject({
      eventType: 'delivery-window',
      eventUuid: delivery.uuid,
      color: '#7950f2', // scheduled: it has windows
    });
    // A window overlapping the start of the range counts; one wholly outside does not.
    expect((await events(at(0, 10), at(0, 12))).json<{ data: Event[] }>().data).toHaveLength(1);
    expect((await events(at(3), at(30))).json<{ data: Event[] }>().data).toHaveLength(0);
    expect((await events(at(35), at(45))).json<{ data: Event[] }>().data.map((e) => e.title)).toEqual([
      'Next month · Dropoff window',
    ]);
  });

  it('refuses a bad range with 422', async () => {
    expect((await events(at(2), at(1))).statusCode).toBe(422);
    expect((await events(at(0), at(500))).json()).toMatchObject({ errors: { end: [expect.any(String)] } });
    expect((await c.adminA.get(`${c.base}/calendar/events?start=yesterday&end=today`)).json()).toMatchObject({
      errors: { start: ['Invalid datetime string'] },
    });
  });

  it('moves, resizes and deletes company events; 404 for another company', async () => {
    const made = (
      await c.adminA.post(`${c.base}/calendar/events`, {
        title: 'Team meeting',
        startDate: at(2, 9),
        endDate: at(2, 10),
        color: '#1c7ed6',
      })
    ).json<{ data: Event }>().data;
    const moved = await c.adminA.request('PUT', `${c.base}/calendar/events/${made.uuid}`, {
      title: 'Team meeting',
      startDate: at(3, 9),
      endDate: at(3, 11),
    });
    expect(moved.json()).toMatchObject({
      message: 'Event updated.',
      data: { startDate: at(3, 9), endDate: at(3, 11) },
    });
    const backwards = await c.adminA.request('PUT', `${c.base}/calendar/events/${made.uuid}`, {
      title: 'Team meeting',
      startDate: at(3, 11),
      endDate: at(3, 9),
    });
    expect(backwards.json()).toMatchObject({ errors: { endDate: ['The end must be after the start.'] } });
    const badColour = await c.adminA.post(`${c.base}/calendar/events`, {
      title: 'x',
      startDate: at(2),
      endDate: at(3),
      color: 'blue',
    });
    expect(badColour.json()).toMatchObject({ errors: { color: [expect.any(String)] } });
    expect((await c.adminB.request('DELETE', `${c.baseB}/calendar/events/${made.uuid}`)).statusCode).toBe(
      404,
    );
    expect((await events(at(0), at(6), c.baseB, c.adminB)).json<{ data: Event[] }>().data).toEqual([]);
    const del = await c.adminA.request('DELETE', `${c.base}/calendar/events/${made.uuid}`);
    expect(del.json()).toMatchObject({ message: 'Event deleted.' });
    expect((await c.adminA.request('DELETE', `${c.base}/calendar/events/${made.uuid}`)).statusCode).toBe(404);
  });

  it('reschedules a delivery window, checked against its other windows, the clock and its status', async () => {
    const week = (await events(at(-1), at(6))).json<{ data: Event[] }>().data;
    const pickup = week.find((e) => e.title.endsWith('Pickup window'))!;
    const moved = await c.adminA.request('PUT', `${c.base}/calendar/windows/${pickup.uuid}`, {
      startDate: at(0, 10),
      endDate: at(0, 12),
    });
    expect(moved.json()).toMatchObject({
      message: 'Delivery rescheduled.',
      data: { startDate: at(0, 10), endDate: at(0, 12), eventUuid: delivery.uuid },
    });
    const detail = (await c.adminA.get(`${c.base}/delivery/${delivery.uuid}`)).json<{ data: TestDelivery }>()
      .data;
    expect(
      detail.deliveryScheduleWindows.find((w) => w.deliveryScheduleWindowTypeSlug === 'pickup'),
    ).toMatchObject({
      startAt: at(0, 10),
      endAt: at(0, 12),
    });
    const afterDropoff = await c.adminA.request('PUT', `${c.base}/calendar/windows/${pickup.uuid}`, {
      startDate: at(1, 9),
      endDate: at(1, 10),
    });
    expect(afterDropoff.statusCode).toBe(422);
    expect(afterDropoff.json()).toMatchObject({ errors: { startDate: [expect.any(String)] } });
    const past = await c.adminA.request('PUT', `${c.base}/calendar/windows/${pickup.uuid}`, {
      startDate: '2020-01-01T09:00:00.000Z',
      endDate: '2020-01-01T10:00:00.000Z',
    });
    expect(past.json()).toMatchObject({ errors: { endDate: ['A window cannot end in the past.'] } });
    expect(
      (
        await c.adminB.request('PUT', `${c.baseB}/calendar/windows/${pickup.uuid}`, {
          startDate: at(0, 10),
          endDate: at(0, 12),
        })
      ).statusCode,
    ).toBe(404);
    await c.adminA.post(`${c.base}/delivery/${delivery.uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'other',
    });
    const locked = await c.adminA.request('PUT', `${c.base}/calendar/windows/${pickup.uuid}`, {
      startDate: at(0, 9),
      endDate: at(0, 11),
    });
    expect(locked.statusCode).toBe(409);
    const cancelled = (await events(at(-1), at(6)))
      .json<{ data: Event[] }>()
      .data.find((e) => e.uuid === pickup.uuid);
    expect(cancelled?.color).toBe('#e03131');
  });
});
