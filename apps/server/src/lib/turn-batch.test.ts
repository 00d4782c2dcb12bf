import { describe, expect, it } from 'vitest';
import { TurnBatch } from './turn-batch.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A run whose answer the test gives when it wants, to hold a run in flight. */
function heldRuns() {
  const runs: { keys: string[]; answer: (values: string[]) => void; fail: (err: Error) => void }[] = [];
  const batch = new TurnBatch<string, string>(
    (keys) =>
      new Promise((resolve, reject) => {
        runs.push({ keys, answer: resolve, fail: reject });
      }),
  );
  return { batch, runs };
}

describe('lookups batched per turn of the event loop (decision 049)', () => {
  it('answers the lookups of one turn with one run of their distinct keys, each its own value', async () => {
    const batch = new TurnBatch<string, string>((keys) => Promise.resolve(keys.map((k) => `value of ${k}`)));
    const answers = await Promise.all(['a', 'b', 'a', 'c'].map((k) => batch.get(k)));
    expect(answers).toEqual(['value of a', 'value of b', 'value of a', 'value of c']);
    expect(batch.stats).toEqual({ runs: 1, lookups: 4 });
  });

  it('never answers a lookup from a run that started before it was asked', async () => {
    // The property the auth hook relies on: a sign-out acknowledged before a request arrives is seen by the
    // statement that answers that request, because that statement is sent after the request's lookup.
    const { batch, runs } = heldRuns();
    const early = batch.get('session');
    await nextTurn();
    expect(runs.map((r) => r.keys)).toEqual([['session']]);
    const late = batch.get('session'); // asked while the first run is in flight
    await nextTurn();
    expect(runs.map((r) => r.keys)).toEqual([['session'], ['session']]);
    runs[1]!.answer(['signed out']);
    runs[0]!.answer(['signed in']);
    expect(await late).toBe('signed out');
    expect(await early).toBe('signed in');
  });

  it('fails the lookups of a failed run only; the next turn runs again', async () => {
    const { batch, runs } = heldRuns();
    const failed = [batch.get('a'), batch.get('b')];
    await nextTurn();
    runs[0]!.fail(new Error('connection lost'));
    for (const lookup of failed) await expect(lookup).rejects.toThrow('connection lost');
    const again = batch.get('a');
    await nextTurn();
    runs[1]!.answer(['fine']);
    expect(await again).toBe('fine');
  });
});
