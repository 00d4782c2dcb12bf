import { RECIPIENT_INPUT, TRACKING, type PublicTracking } from '@courier/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, recipientRatings } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { multipart, PNG } from '../../test/multipart.js';
import { positionsWorld } from '../../test/positions-fixture.js';
import { SseClient } from '../../test/sse-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The tracking page, finished (issue 36): the recipient's instructions reaching the driver live, what the page shows
 * after delivery (the time, the proofs of that attempt, the safe place) and after a failure, the proof pictures for
 * the token only, and the recipient's rating reaching the company.
 */
let t: TestApp;
let url = '';
let w: Awaited<ReturnType<typeof positionsWorld>>;
const recipient = () => new Agent(t.app);
/** Each request from its own address: the page's per-address limits are tested on their own. */
let addressNo = 0;
const nextAddress = () => `198.51.100.${(addressNo++ % 250) + 1}`;

const stop = (kind: string, lat: number, postcode: string) => ({
  kind,
  address: { line1: `7 Secret ${kind} Rd`, city: 'London', postcode, countryCode: 'GB', lat, lng: -0.1 },
});
const twoStops = { steps: [stop('pickup', 51.49, 'N1 0PQ'), stop('dropoff', 51.51, 'E8 1HE')] };

async function tokenOf(deliveryUuid: string) {
  const res = await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/${deliveryUuid}`);
  return res.json<{ data: { trackingToken: string } }>().data.trackingToken;
}
const track = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/track/${token}`,
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: PublicTracking }>().data;
};
const write = (
  method: 'PUT' | 'POST',
  path: string,
  body: unknown,
  opts: { agent?: Agent; remoteAddress?: string; csrf?: boolean } = {},
) =>
  (opts.agent ?? recipient()).request(method, `/api/v1/track/${path}`, body, {
    remoteAddress: opts.remoteAddress ?? nextAddress(),
    ...(opts.csrf === false ? { csrf: false } : {}),
  });
const instruct = (token: string, body: unknown, opts?: Parameters<typeof write>[3]) =>
  write('PUT', `${token}/instructions`, body, opts);
const rate = (token: string, body: unknown, opts?: Parameters<typeof write>[3]) =>
  write('POST', `${token}/rating`, body, opts);

const instructions = {
  doorCode: '4321#',
  safePlace: 'Behind the blue gate',
  callOnArrival: true,
  note: 'Beware of the dog',
};

/** A photo or signature sent by the driver on a task of the delivery. */
async function driverProof(
  deliveryUuid: string,
  taskUuid: string,
  kind: 'photo' | 'signature',
  proofName = '',
) {
  const form = multipart(
    { deliveryStepTaskUuid: taskUuid, proofTypeSlug: kind, ...(proofName ? { proofName } : {}) },
    { name: `${kind}.png`, type: 'image/png', bytes: PNG },
  );
  const res = await w.driver.agent.request(
    'POST',
    `/api/v1/driver/delivery/${deliveryUuid}/doc/step/task/proof`,
    form.body,
    { headers: form.headers },
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { uuid: string } }>().data.uuid;
}

const tasksOf = (d: Awaited<ReturnType<typeof w.carried>>) => ({
  pickup: d.deliverySteps[0]!.deliveryStepTasks[0]!.deliveryStepTaskUuid,
  dropoff: d.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid,
});

beforeAll(async () => {
  t = await createTestApp({}, { live: { heartbeatMs: 500 } });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  w = await positionsWorld(t);
});
afterAll(() => t.close());

describe("the recipient's instructions", () => {
  it('reach the driver live on the dropoff stop, the office, and the page itself', async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    const stream = await SseClient.open(`${url}/api/v1/driver/stream`, {
      cookie: `courier_session=${w.driver.agent.cookie('courier_session')}`,
    });
    await stream.ready();

    const res = await instruct(token, { ...instructions, doorCode: '  4321#  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toMatchObject({ ...instructions, doorCode: '4321#' });

    // The driver's phone is told at once (decision 059: the event is written with the instructions).
    await stream.waitFor(
      (s) => s.events.some((e) => e.type === 'delivery.recipient' && e.data.deliveryUuid === d.uuid),
      'the instructions event',
    );
    expect(stream.events.find((e) => e.type === 'delivery.recipient')?.data).toMatchObject({
      change: 'instructions',
    });
    stream.close();

    const mine = await w.driver.agent.get(`/api/v1/driver/delivery/${d.uuid}`);
    const stops = mine.json<{
      data: { stops: { deliveryStepUuid: string; recipientInstructions: unknown }[] };
    }>().data.stops;
    expect(stops.map((s) => s.recipientInstructions)).toEqual([null, expect.objectContaining(instructions)]);
    expect(stops[1]!.deliveryStepUuid).toBe(d.deliverySteps[1]!.deliveryStepUuid);

    for (const [agent, base] of [
      [w.shipperAdmin.agent, w.shipperBase],
      [w.courierAdmin.agent, w.courierBase],
    ] as const) {
      const office = await agent.get(`${base}/delivery/recipient?deliveryUuid=${d.uuid}`);
      expect(office.statusCode).toBe(200);
      expect(office.json<{ data: unknown }>().data).toEqual({
        instructions: expect.objectContaining(instructions),
        rating: null,
      });
    }
    // Another company's admin does not know the delivery.
    const stranger = await w.strangerAdmin.agent.get(
      `${w.strangerBase}/delivery/recipient?deliveryUuid=${d.uuid}`,
    );
    expect(stranger.statusCode).toBe(404);

    expect((await track(token)).instructions).toMatchObject(instructions);

    // Written again, they replace the first; emptied, they are gone.
    expect((await instruct(token, { safePlace: 'Porch' })).statusCode).toBe(200);
    expect((await track(token)).instructions).toMatchObject({
      doorCode: '',
      safePlace: 'Porch',
      callOnArrival: false,
      note: '',
    });
    expect((await instruct(token, {})).statusCode).toBe(200);
    expect((await track(token)).instructions).toBeNull();
  });

  it("reach the recipient's other open page through its stream", async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    const page = await SseClient.open(`${url}/api/v1/track/${token}/stream`);
    const snapshots = () =>
      page.messages.filter((m) => m.event === 'tracking').map((m) => JSON.parse(m.data) as PublicTracking);
    await page.waitFor(() => snapshots().length === 1, 'the first snapshot');
    expect((await instruct(token, { note: 'Ring twice' })).statusCode).toBe(200);
    await page.waitFor(
      () => snapshots().some((x) => x.instructions?.note === 'Ring twice'),
      'a snapshot with the instructions',
    );
    page.close();
  });

  it('are refused with the field and its reason when too long or of the wrong kind', async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    const res = await instruct(token, {
      doorCode: 'x'.repeat(RECIPIENT_INPUT.doorCodeMax + 1),
      safePlace: 'y'.repeat(RECIPIENT_INPUT.safePlaceMax + 1),
      callOnArrival: 'yes',
      note: 'z'.repeat(RECIPIENT_INPUT.noteMax + 1),
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors).toEqual({
      doorCode: [`The door code is at most ${RECIPIENT_INPUT.doorCodeMax} characters.`],
      safePlace: [`The safe place is at most ${RECIPIENT_INPUT.safePlaceMax} characters.`],
      callOnArrival: ['Choose whether the driver should call on arrival.'],
      note: [`The note is at most ${RECIPIENT_INPUT.noteMax} characters.`],
    });
    expect((await track(token)).instructions).toBeNull();
  });

  it('are refused once the delivery is delivered or cancelled (409), and a wrong token is a plain 404', async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    await w.moveTo(w.driver.agent, d.uuid, 'delivered');
    const late = await instruct(token, instructions);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: expect.stringMatching(/delivered.*no longer/) });

    const cancelled = await w.carried(w.driver.id, twoStops);
    const cancel = await w.shipperAdmin.agent.post(`${w.shipperBase}/delivery/${cancelled.uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'shipper-request',
    });
    expect(cancel.statusCode).toBe(200);
    const gone = await instruct(await tokenOf(cancelled.uuid), instructions);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ message: expect.stringMatching(/cancelled/) });

    const wrong = await instruct('A'.repeat(43), instructions);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'Not found.' });
  });

  it('need the CSRF token like every browser write, and are limited per token and per address', async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    expect((await instruct(token, instructions, { csrf: false })).statusCode).toBe(419);

    for (let i = 0; i < TRACKING.writesPerMinutePerToken; i++)
      expect((await instruct(token, instructions)).statusCode).toBe(200);
    const flood = await instruct(token, instructions);
    expect(flood.statusCode).toBe(429);
    expect(flood.headers['retry-after']).toBeDefined();

    const agent = recipient();
    const from = '203.0.113.77';
    for (let i = 0; i < TRACKING.writesPerMinutePerAddress; i++)
      expect((await instruct(`wrong-${i}`, instructions, { agent, remoteAddress: from })).statusCode).toBe(
        404,
      );
    expect((await instruct('wrong-last', instructions, { agent, remoteAddress: from })).statusCode).toBe(429);
    expect((await instruct('wrong-last', instructions, { agent })).statusCode).toBe(404);
  });
});

describe('the page after delivery', () => {
  it('shows when, the proofs of the attempt that delivered with the driver’s note, and where it was left', async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    const task = tasksOf(d);
    await instruct(token, { safePlace: 'Behind the blue gate' });
    await w.moveTo(w.driver.agent, d.uuid, 'at-dropoff');
    // The first attempt fails, with a photo of the closed door; it is re-planned and delivered.
    const failedPhoto = await driverProof(
      d.uuid,
      task.dropoff,
      'photo',
      'Failed attempt: Recipient unavailable',
    );
    const failed = await w.driver.agent.post(`/api/v1/driver/delivery/${d.uuid}/status`, {
      statusSlug: 'failed',
      cancelTypeSlug: 'recipient-unavailable',
      statusMessage: 'Recipient unavailable: rang twice',
    });
    expect(failed.statusCode).toBe(200);
    const afterFailure = await track(token);
    expect(afterFailure.failure).toEqual({
      at: expect.any(String),
      reason: 'Recipient unavailable: rang twice',
      next: 'in-touch',
    });
    expect(afterFailure.delivered).toBeNull();
    // Instructions still help the next attempt.
    expect((await instruct(token, { safePlace: 'In the porch' })).statusCode).toBe(200);

    const replanned = await w.shipperAdmin.agent.post(`${w.shipperBase}/delivery/${d.uuid}/status`, {
      statusSlug: 'assigned',
    });
    expect(replanned.statusCode).toBe(200);
    await w.moveTo(w.driver.agent, d.uuid, 'at-dropoff');
    const photo = await driverProof(d.uuid, task.dropoff, 'photo', 'Left in the porch');
    const signature = await driverProof(d.uuid, task.dropoff, 'signature');
    const pickupPhoto = await driverProof(d.uuid, task.pickup, 'photo', 'Collected');
    await w.moveTo(w.driver.agent, d.uuid, 'delivered');

    const page = await track(token);
    expect(page.failure).toBeNull();
    expect(page.delivered).toEqual({
      at: page.timeline.at(-1)!.at,
      proofs: [
        { uuid: photo, kind: 'photo', note: 'Left in the porch', at: expect.any(String) },
        { uuid: signature, kind: 'signature', note: null, at: expect.any(String) },
      ],
      handedOverWithCode: false,
      safePlace: 'In the porch',
    });
    expect(page.timeline.at(-1)?.status).toBe('delivered');

    // The pictures it lists, and only those, for the token only.
    const picture = (tok: string, uuid: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/track/${tok}/proof/${uuid}`,
        remoteAddress: nextAddress(),
      });
    const shown = await picture(token, photo);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    expect((await picture(token, signature)).statusCode).toBe(200);
    for (const hidden of [failedPhoto, pickupPhoto, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await picture(token, hidden);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
    expect((await picture('A'.repeat(43), photo)).statusCode).toBe(404);
    // Another delivery's token does not open this delivery's proof.
    const other = await w.carried(w.driver.id, twoStops);
    expect((await picture(await tokenOf(other.uuid), photo)).statusCode).toBe(404);
  });

  it('says the handover code was given, and shows no picture before delivery', async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    await w.moveTo(w.driver.agent, d.uuid, 'at-dropoff');
    const photo = await driverProof(d.uuid, tasksOf(d).dropoff, 'photo');
    const notYet = await t.app.inject({ method: 'GET', url: `/api/v1/track/${token}/proof/${photo}` });
    expect(notYet.statusCode).toBe(404);
    const pin = (await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/${d.uuid}`)).json<{
      data: { handoverPin: string };
    }>().data.handoverPin;
    const confirmed = await w.driver.agent.post(`/api/v1/driver/delivery/${d.uuid}/doc/step/task/pin`, {
      deliveryStepTaskUuid: tasksOf(d).dropoff,
      pin,
    });
    expect(confirmed.statusCode).toBe(201);
    await w.moveTo(w.driver.agent, d.uuid, 'delivered');
    expect((await track(token)).delivered).toMatchObject({
      handedOverWithCode: true,
      safePlace: null,
      proofs: [{ uuid: photo, kind: 'photo', note: null }],
    });
  });

  it('after a return, says why it failed and that it goes back to the sender', async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    await w.driver.agent.post(`/api/v1/driver/delivery/${d.uuid}/status`, {
      statusSlug: 'failed',
      cancelTypeSlug: 'address-not-found',
      statusMessage: 'Address not found',
    });
    const back = await w.driver.agent.post(`/api/v1/driver/delivery/${d.uuid}/status`, {
      statusSlug: 'returned',
    });
    expect(back.statusCode).toBe(200);
    const page = await track(token);
    expect(page.failure).toMatchObject({ reason: 'Address not found', next: 'returning' });
    expect(page.delivered).toBeNull();
    expect(page.countryCode).toMatch(/^[A-Z]{2}$/);
  });
});

describe("the recipient's rating", () => {
  it('is taken once after delivery, shown to the companies and counted on their dashboards', async () => {
    const d = await w.carried(w.driver.id, twoStops);
    const token = await tokenOf(d.uuid);
    const early = await rate(token, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: expect.stringMatching(/once it has been delivered/) });

    await w.moveTo(w.driver.agent, d.uuid, 'delivered');
    const bad = await rate(token, { stars: 6, comment: 'x'.repeat(RECIPIENT_INPUT.ratingCommentMax + 1) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      stars: ['Give 1 to 5 stars.'],
      comment: [`The comment is at most ${RECIPIENT_INPUT.ratingCommentMax} characters.`],
    });

    const statsBefore = (await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/stats`)).json<{
      data: { recipientSatisfaction: { averageStars: number | null; ratings: number } };
    }>().data.recipientSatisfaction;

    const rated = await rate(token, { stars: 4, comment: ' Friendly driver ' });
    expect(rated.statusCode).toBe(201);
    expect(rated.json<{ data: unknown }>().data).toEqual({
      stars: 4,
      comment: 'Friendly driver',
      createdAt: expect.any(String),
    });
    const again = await rate(token, { stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: expect.stringMatching(/already rated/) });

    expect((await track(token)).rating).toMatchObject({ stars: 4, comment: 'Friendly driver' });
    const office = await w.courierAdmin.agent.get(
      `${w.courierBase}/delivery/recipient?deliveryUuid=${d.uuid}`,
    );
    expect(office.json<{ data: { rating: unknown } }>().data.rating).toMatchObject({ stars: 4 });

    // The office is told live; the driver is not (the event names no driver).
    const [event] = await t.database.db
      .select({ driverUserIds: events.driverUserIds, payload: events.payload })
      .from(events)
      .where(and(eq(events.deliveryId, d.uuid), eq(events.type, 'delivery.recipient')));
    expect(event?.driverUserIds).toEqual([]);

    const satisfaction = async (agent: Agent, base: string) =>
      (await agent.get(`${base}/delivery/stats`)).json<{
        data: { recipientSatisfaction: { averageStars: number | null; ratings: number } };
      }>().data.recipientSatisfaction;
    const after = await satisfaction(w.shipperAdmin.agent, w.shipperBase);
    expect(after.ratings).toBe(statsBefore.ratings + 1);
    expect(after.averageStars).not.toBeNull();
    expect((await satisfaction(w.courierAdmin.agent, w.courierBase)).ratings).toBe(after.ratings);
    // Another company counts none of them.
    expect(await satisfaction(w.strangerAdmin.agent, w.strangerBase)).toEqual({
      averageStars: null,
      ratings: 0,
    });
  });

  it('averages the ratings of the last 30 days only', async () => {
    const first = await w.carried(w.driver.id, twoStops);
    const second = await w.carried(w.driver.id, twoStops);
    const third = await w.carried(w.driver.id, twoStops);
    for (const [d, stars] of [
      [first, 5],
      [second, 2],
      [third, 2],
    ] as const) {
      await w.moveTo(w.driver.agent, d.uuid, 'delivered');
      expect((await rate(await tokenOf(d.uuid), { stars })).statusCode).toBe(201);
    }
    const monthAgo = sql`now() - interval '31 days'`;
    // Only these three count, each given now: then one of them moves out of the window.
    await t.database.db
      .update(recipientRatings)
      .set({ createdAt: monthAgo })
      .where(notInArray(recipientRatings.deliveryId, [first.uuid, second.uuid, third.uuid]));
    const satisfaction = async () =>
      (await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/stats`)).json<{
        data: { recipientSatisfaction: { averageStars: number | null; ratings: number } };
      }>().data.recipientSatisfaction;
    expect(await satisfaction()).toEqual({ averageStars: 3, ratings: 3 });
    await t.database.db
      .update(recipientRatings)
      .set({ createdAt: monthAgo })
      .where(eq(recipientRatings.deliveryId, third.uuid));
    expect(await satisfaction()).toEqual({ averageStars: 3.5, ratings: 2 });
  });
});
