import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { newIdempotencyKey } from './idempotency-key';
import { idbQueueStore } from './queue-store';
import type { DriverWrite } from './queued-write';
import { createWriteQueue, SERVER_ERROR_ATTEMPTS, type SendWrite } from './write-queue';

const ME = 'user-1';
const DELIVERY = '11111111-1111-4111-8111-111111111111';
let dbCount = 0;

function freshQueue() {
  let n = 0;
  return createWriteQueue(idbQueueStore(`queue-test-${++dbCount}`), () => `key-${++n}`);
}

const status = (statusSlug: 'at-pickup' | 'picked-up' | 'en-route-to-dropoff'): DriverWrite => ({
  kind: 'status',
  deliveryUuid: DELIVERY,
  body: { statusSlug },
});
const note = (message: string): DriverWrite => ({ kind: 'note', deliveryUuid: DELIVERY, body: { message } });

const offline = () => new ApiError({ kind: 'network', statusCode: null, message: 'Offline', data: null });
const refused = (statusCode: number, message: string, errors?: Record<string, string[]>) =>
  new ApiError({ kind: 'server', statusCode, message, data: { message, errors } });

/** A fake server: answers each send with the next scripted outcome, or OK, and records what it was sent. */
function server(script: (Error | 'ok')[] = []) {
  const received: { write: DriverWrite; key: string }[] = [];
  const send: SendWrite = (write, key) => {
    received.push({ write, key });
    const outcome = script.shift() ?? 'ok';
    return outcome === 'ok' ? Promise.resolve({ ok: true }) : Promise.reject(outcome);
  };
  return { send, received };
}

describe('the driver write queue', () => {
  it('keeps the order writes were queued in, across a reload of the page', async () => {
    const store = idbQueueStore(`queue-test-${++dbCount}`);
    const first = createWriteQueue(store);
    await first.enqueue(ME, 'At pickup', status('at-pickup'));
    await first.enqueue(ME, 'Note', note('Back door'));
    await first.enqueue(ME, 'Picked up', status('picked-up'));

    const reloaded = createWriteQueue(store);
    await reloaded.load();
    expect(reloaded.snapshot().entries.map((e) => e.label)).toEqual(['At pickup', 'Note', 'Picked up']);
    const { send, received } = server();
    const result = await reloaded.drain(ME, send);
    expect(received.map((r) => r.write)).toEqual([
      status('at-pickup'),
      note('Back door'),
      status('picked-up'),
    ]);
    expect(result.sent).toHaveLength(3);
    expect(reloaded.snapshot().entries).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it('stops at a network error, keeps the rest waiting, and sends them with the same keys later', async () => {
    const queue = freshQueue();
    await queue.enqueue(ME, 'At pickup', status('at-pickup'));
    await queue.enqueue(ME, 'Picked up', status('picked-up'));

    const down = server([offline()]);
    const stopped = await queue.drain(ME, down.send);
    expect(stopped.sent).toEqual([]);
    expect(stopped.stoppedBy).toBeInstanceOf(ApiError);
    expect(down.received).toHaveLength(1);
    expect(queue.snapshot().entries.map((e) => [e.state, e.attempts])).toEqual([
      ['waiting', 1],
      ['waiting', 0],
    ]);

    const up = server();
    await queue.drain(ME, up.send);
    expect(up.received.map((r) => r.key)).toEqual(['key-1', 'key-2']);
    // The retried write went with the key of its first try: the server applies it once.
    expect(down.received[0]?.key).toBe(up.received[0]?.key);
  });

  it('marks a refused write failed with the reason and goes on with the next, the same delivery included', async () => {
    const queue = freshQueue();
    await queue.enqueue(ME, 'At pickup', status('at-pickup'));
    await queue.enqueue(ME, 'Note', note('Nobody there'));
    await queue.enqueue(ME, 'Picked up', status('picked-up'));
    const { send, received } = server([
      refused(409, 'The delivery is cancelled; its status can no longer change.'),
    ]);
    const failedHook: string[] = [];

    const result = await queue.drain(ME, send, { onFailed: (e) => failedHook.push(e.label) });
    expect(received).toHaveLength(3);
    expect(result.sent.map((e) => e.label)).toEqual(['Note', 'Picked up']);
    expect(failedHook).toEqual(['At pickup']);
    const [failed] = queue.snapshot().entries;
    expect(queue.snapshot().entries).toHaveLength(1);
    expect(failed).toMatchObject({
      label: 'At pickup',
      state: 'failed',
      failure: { status: 409, message: 'The delivery is cancelled; its status can no longer change.' },
    });

    // A failed write is not tried again on its own...
    const again = server();
    await queue.drain(ME, again.send);
    expect(again.received).toHaveLength(0);
    // ...until the driver says so, with its key; or it is discarded, never silently.
    await queue.retry(failed!.id);
    await queue.drain(ME, again.send);
    expect(again.received.map((r) => r.key)).toEqual([failed!.key]);
    expect(queue.snapshot().entries).toEqual([]);
  });

  it('takes a 410 (made on an earlier try whose answer was lost, decision 057) as sent, and says so', async () => {
    const queue = freshQueue();
    await queue.enqueue(ME, 'Picked up', status('picked-up'));
    await queue.enqueue(ME, 'Note', note('Left with the porter'));
    const { send, received } = server([
      refused(410, 'This request was made, but its answer was lost; it was not made again.'),
    ]);
    const made: string[] = [];
    const failed: string[] = [];
    const result = await queue.drain(ME, send, {
      onMadeWithoutAnswer: (e) => made.push(e.label),
      onFailed: (e) => failed.push(e.label),
    });
    expect(received.map((r) => r.key)).toEqual(['key-1', 'key-2']);
    expect(result.sent.map((e) => e.label)).toEqual(['Picked up', 'Note']);
    expect(made).toEqual(['Picked up']);
    expect(failed).toEqual([]);
    expect(queue.snapshot().entries).toEqual([]);
  });

  it("keeps a wrong PIN's field message, and a discarded write is gone", async () => {
    const queue = freshQueue();
    const pin: DriverWrite = {
      kind: 'pin',
      deliveryUuid: DELIVERY,
      body: { deliveryStepTaskUuid: DELIVERY, pin: '123456' },
    };
    await queue.enqueue(ME, 'Handover code', pin);
    await queue.drain(ME, server([refused(422, 'Invalid data.', { pin: ['That code is not right.'] })]).send);
    const [entry] = queue.snapshot().entries;
    expect(entry?.failure?.fieldErrors).toEqual({ pin: 'That code is not right.' });
    await queue.discard(entry!.id);
    expect(queue.snapshot().entries).toEqual([]);
  });

  it('waits on a server error and on an ended session, and gives a server error up after some tries', async () => {
    const queue = freshQueue();
    await queue.enqueue(ME, 'At pickup', status('at-pickup'));
    expect((await queue.drain(ME, server([refused(401, 'Unauthenticated.')]).send)).stoppedBy).not.toBeNull();
    expect(
      (await queue.drain(ME, server([refused(419, 'CSRF token mismatch.')]).send)).stoppedBy,
    ).not.toBeNull();
    expect(queue.snapshot().entries[0]?.state).toBe('waiting');
    // Tries 3 and 4 meet a server error, the fifth gives up: attempts count every try.
    for (let i = 3; i < SERVER_ERROR_ATTEMPTS; i++)
      await queue.drain(ME, server([refused(503, 'Unavailable')]).send);
    expect(queue.snapshot().entries[0]?.state).toBe('waiting');
    await queue.drain(ME, server([refused(500, 'Boom')]).send);
    expect(queue.snapshot().entries[0]).toMatchObject({ state: 'failed', failure: { status: 500 } });
  });

  it("sends only the signed-in user's writes", async () => {
    const queue = freshQueue();
    await queue.enqueue('someone-else', 'Their note', note('Theirs'));
    await queue.enqueue(ME, 'My note', note('Mine'));
    const { send, received } = server();
    await queue.drain(ME, send);
    expect(received.map((r) => r.write)).toEqual([note('Mine')]);
    expect(queue.snapshot().entries.map((e) => e.userUuid)).toEqual(['someone-else']);
  });

  it('a write queued while sending joins the run under way, once', async () => {
    const queue = freshQueue();
    await queue.enqueue(ME, 'At pickup', status('at-pickup'));
    const received: string[] = [];
    let release: () => void = () => undefined;
    const send: SendWrite = (_write, key) => {
      received.push(key);
      return received.length === 1
        ? new Promise((resolve) => (release = () => resolve(null)))
        : Promise.resolve(null);
    };
    const run = queue.drain(ME, send);
    await new Promise((r) => setTimeout(r, 10));
    await queue.enqueue(ME, 'Picked up', status('picked-up'));
    const second = queue.drain(ME, send);
    expect(second).toBe(run);
    release();
    await run;
    expect(received).toEqual(['key-1', 'key-2']);
    // A run that found nothing to do does not stay around.
    expect((await queue.drain(ME, send)).sent).toEqual([]);
    await queue.enqueue(ME, 'Note', note('Late'));
    expect((await queue.drain(ME, send)).sent.map((e) => e.label)).toEqual(['Note']);
  });

  it('counts what waits and what failed', async () => {
    const queue = freshQueue();
    await queue.enqueue(ME, 'a', note('a'));
    await queue.enqueue(ME, 'b', note('b'));
    await queue.enqueue(ME, 'c', note('c'));
    await queue.drain(ME, server([refused(404, 'Not assigned to you'), offline()]).send);
    const states = queue.snapshot().entries.map((e) => e.state);
    expect(states.filter((s) => s === 'waiting')).toHaveLength(2);
    expect(states.filter((s) => s === 'failed')).toHaveLength(1);
  });
});

describe('idempotency keys', () => {
  it('are UUIDs, from randomUUID where the context is secure and from getRandomValues elsewhere', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey({ getRandomValues: (a) => a, randomUUID: () => 'from-random-uuid' })).toBe(
      'from-random-uuid',
    );
    const insecure: Pick<Crypto, 'getRandomValues'> = {
      getRandomValues: crypto.getRandomValues.bind(crypto),
    };
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuid);
  });
});

describe('folding writes into the last queued one (the track)', () => {
  const points = (...times: number[]): DriverWrite => ({
    kind: 'positions',
    body: {
      points: times.map((t) => ({ lat: 51.5, lng: -0.1, recordedAt: new Date(t * 1000).toISOString() })),
    },
  });
  const timesOf = (write: DriverWrite | undefined) =>
    write?.kind === 'positions' ? write.body.points.map((p) => Date.parse(p.recordedAt) / 1000) : [];
  const label = (write: DriverWrite) => (write.kind === 'positions' ? `${write.body.points.length}` : '?');
  // Folds positions into positions, up to 4 points.
  const merge = (last: DriverWrite, next: DriverWrite): DriverWrite | null => {
    const all = [...timesOf(last), ...timesOf(next)];
    return last.kind === 'positions' && next.kind === 'positions' && all.length <= 4 ? points(...all) : null;
  };

  it('folds into the last waiting entry, in order, keeping its key, up to the limit', async () => {
    const queue = freshQueue();
    await queue.enqueueOrMerge(ME, label, points(1, 2), merge);
    await queue.enqueueOrMerge(ME, label, points(3), merge);
    await queue.enqueueOrMerge(ME, label, points(4, 5), merge);
    const entries = queue.snapshot().entries;
    expect(entries.map((e) => [e.key, e.label, timesOf(e.write)])).toEqual([
      ['key-1', '3', [1, 2, 3]],
      ['key-2', '2', [4, 5]],
    ]);
    // The store holds the same, for a reload.
    const reloaded = createWriteQueue(idbQueueStore(`queue-test-${dbCount}`));
    await reloaded.load();
    expect(reloaded.snapshot().entries.map((e) => timesOf(e.write))).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('never changes a body that may have reached the server, nor folds across another write', async () => {
    const queue = freshQueue();
    await queue.enqueueOrMerge(ME, label, points(1), merge);
    await queue.drain(ME, server([offline()]).send);
    // Tried once: its key may be on the server with this body.
    await queue.enqueueOrMerge(ME, label, points(2), merge);
    await queue.enqueue(ME, 'At pickup', status('at-pickup'));
    await queue.enqueueOrMerge(ME, label, points(3), merge);
    await queue.enqueueOrMerge('someone-else', label, points(4), merge);
    expect(queue.snapshot().entries.map((e) => timesOf(e.write))).toEqual([[1], [2], [], [3], [4]]);

    // A refused batch retried keeps its body too.
    const fresh = freshQueue();
    await fresh.enqueueOrMerge(ME, label, points(1), merge);
    await fresh.drain(ME, server([refused(422, 'Too old')]).send);
    await fresh.retry(fresh.snapshot().entries[0]!.id);
    await fresh.enqueueOrMerge(ME, label, points(2), merge);
    expect(fresh.snapshot().entries.map((e) => timesOf(e.write))).toEqual([[1], [2]]);
  });

  it('does not fold into the entry a run has just picked to send', async () => {
    const queue = freshQueue();
    await queue.enqueueOrMerge(ME, label, points(1), merge);
    const { send, received } = server();
    const run = queue.drain(ME, send);
    // The run has picked entry 1 (a microtask in) but not yet stored its first try.
    await Promise.resolve();
    await Promise.resolve();
    await queue.enqueueOrMerge(ME, label, points(2), merge);
    await run;
    await queue.drain(ME, send);
    expect(received.map((r) => timesOf(r.write))).toEqual([[1], [2]]);
  });
});
