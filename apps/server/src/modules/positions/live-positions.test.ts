import { LiveEventSchema } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointAt, positionsWorld } from '../../test/positions-fixture.js';
import { SseClient } from '../../test/sse-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** A posted batch reaches the delivery's watchers as one `position` event per delivery (decisions 022, 023). */
let t: TestApp;
let url = '';
let w: Awaited<ReturnType<typeof positionsWorld>>;
const cookieOf = (agent: typeof w.driver.agent) => ({
  cookie: `courier_session=${agent.cookie('courier_session')}`,
});

beforeAll(async () => {
  t = await createTestApp({}, { live: { heartbeatMs: 1_000, maxBufferedBytes: 64 * 1024 } });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  w = await positionsWorld(t);
});
afterAll(() => t.close());

describe('positions on the live stream', () => {
  it("sends the batch's newest point to the owner's and the carrier's admins, and nothing to a stranger", async () => {
    const delivery = await w.carried(w.driver.id);
    await w.moveTo(w.driver.agent, delivery.uuid, 'en-route-to-pickup');
    const owner = await SseClient.open(`${url}${w.shipperBase}/stream`, cookieOf(w.shipperAdmin.agent));
    const carrier = await SseClient.open(`${url}${w.courierBase}/stream`, cookieOf(w.courierAdmin.agent));
    const stranger = await SseClient.open(`${url}${w.strangerBase}/stream`, cookieOf(w.strangerAdmin.agent));
    for (const s of [owner, carrier, stranger]) await s.ready();

    const res = await w.driver.agent.post('/api/v1/driver/location', {
      // Taken after the delivery started (a second or so ahead of the server's clock, within the allowed skew).
      points: [pointAt(-1, 51.5, -0.1), pointAt(-2, 51.501, -0.101), pointAt(-3, 51.502, -0.102)],
    });
    expect(res.statusCode).toBe(200);

    const positions = (s: SseClient) => s.events.filter((e) => e.type === 'position');
    for (const s of [owner, carrier]) {
      await s.waitFor((c) => positions(c).length > 0, 'a position event');
      const [event] = positions(s);
      expect(event?.data).toMatchObject({
        deliveryUuids: [delivery.uuid],
        driverUserUuid: w.driver.id,
        lat: 51.502,
        lng: -0.102,
      });
      expect(positions(s)).toHaveLength(1);
      // Written by the positions statement itself (decision 022): it must be the contract's event, as a browser reads it.
      expect(LiveEventSchema.parse(event)).toMatchObject({ type: 'position' });
    }
    // The stranger's stream got its own heartbeat or nothing: never the position.
    await new Promise((r) => setTimeout(r, 300));
    expect(positions(stranger)).toHaveLength(0);
    for (const s of [owner, carrier, stranger]) s.close();
  });
});
