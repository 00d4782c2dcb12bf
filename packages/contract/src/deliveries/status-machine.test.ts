import { describe, expect, it } from 'vitest';
import {
  checkLiveMove,
  checkQuoteMove,
  LIVE_FINAL_STATUSES,
  LIVE_MOVES,
  LIVE_STATUSES,
  liveMoveAction,
  nextLiveStatuses,
  nextStatusOptions,
  QUOTE_MOVES,
  QUOTE_STATUSES,
  type LiveStatus,
  type StatusActor,
} from './status-machine.js';

const ACTORS: StatusActor[] = ['company-admin', 'driver', 'system'];

describe('live status machine', () => {
  it('allows every listed move to its listed actors, and to no one else', () => {
    for (const from of LIVE_STATUSES) {
      for (const move of LIVE_MOVES[from]) {
        for (const actor of ACTORS) {
          expect(checkLiveMove(from, move.to, actor).ok, `${from} -> ${move.to} by ${actor}`).toBe(
            move.by.includes(actor),
          );
        }
      }
    }
  });

  it('refuses every move that is not listed, with a reason', () => {
    let refused = 0;
    for (const from of LIVE_STATUSES) {
      for (const to of LIVE_STATUSES) {
        if (LIVE_MOVES[from].some((m) => m.to === to)) continue;
        for (const actor of ACTORS) {
          const r = checkLiveMove(from, to, actor);
          expect(r.ok, `${from} -> ${to}`).toBe(false);
          if (!r.ok) expect(r.reason.length).toBeGreaterThan(10);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(400);
  });

  it('can reach completed from created along the happy path', () => {
    const path: [LiveStatus, StatusActor][] = [
      ['assigned', 'system'],
      ['en-route-to-pickup', 'driver'],
      ['at-pickup', 'driver'],
      ['picked-up', 'driver'],
      ['en-route-to-dropoff', 'driver'],
      ['at-dropoff', 'driver'],
      ['delivered', 'driver'],
      ['completed', 'company-admin'],
    ];
    let at: LiveStatus = 'created';
    for (const [to, actor] of path) {
      expect(checkLiveMove(at, to, actor)).toEqual({ ok: true });
      at = to;
    }
  });

  it('ends in final statuses with no way out, and every other status has one', () => {
    for (const s of LIVE_FINAL_STATUSES) expect(LIVE_MOVES[s]).toEqual([]);
    for (const s of LIVE_STATUSES.filter((x) => !LIVE_FINAL_STATUSES.includes(x)))
      expect(LIVE_MOVES[s].length).toBeGreaterThan(0);
    expect(checkLiveMove('completed', 'cancelled', 'company-admin')).toEqual({
      ok: false,
      reason: expect.stringMatching(/can no longer change/),
    });
  });

  it('samples of refused moves say why', () => {
    expect(checkLiveMove('created', 'delivered', 'company-admin')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/cannot become delivered/),
    });
    expect(checkLiveMove('created', 'assigned', 'company-admin')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Only the system/),
    });
    expect(checkLiveMove('assigned', 'cancelled', 'driver')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Only company-admin/),
    });
    expect(checkLiveMove('picked-up', 'cancelled', 'company-admin').ok).toBe(false);
    expect(checkLiveMove('assigned', 'assigned', 'system')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/already/),
    });
  });

  it("names the policy's action of every move a user makes: the owner's plan, cancelling, the work on the road", () => {
    const tagged: Record<string, string[]> = {};
    for (const from of LIVE_STATUSES)
      for (const move of LIVE_MOVES[from]) {
        const action = liveMoveAction(from, move.to) ?? 'none';
        (tagged[action] ??= []).push(`${from} -> ${move.to}`);
        // Only a move no user makes goes without an action; a move only the system makes has none.
        expect(action === 'none', `${from} -> ${move.to}`).toBe(move.by.every((a) => a === 'system'));
      }
    // Issue 31: these are the owner's decisions, not the carrier's work (decision 016 gives `plan` to the owner).
    expect(tagged.plan).toEqual([
      'created -> scheduled',
      'scheduled -> created',
      'delivered -> completed',
      'failed -> assigned',
    ]);
    expect(tagged.cancel).toEqual(
      LIVE_STATUSES.filter((s) => LIVE_MOVES[s].some((m) => m.to === 'cancelled')).map(
        (s) => `${s} -> cancelled`,
      ),
    );
    // The work is exactly what a driver may do.
    expect(tagged.move?.sort()).toEqual(
      LIVE_STATUSES.flatMap((from) =>
        nextLiveStatuses(from, 'driver').map((to) => `${from} -> ${to}`),
      ).sort(),
    );
    expect(liveMoveAction('created', 'delivered')).toBeUndefined();
  });

  it('checks a move for any of the parts an actor plays', () => {
    expect(checkLiveMove('failed', 'assigned', ['driver', 'company-admin'])).toEqual({ ok: true });
    expect(checkLiveMove('failed', 'assigned', ['driver']).ok).toBe(false);
    expect(checkLiveMove('created', 'assigned', []).ok).toBe(false);
  });

  it('computes nextStatusOptions by role, and the system list', () => {
    expect(nextStatusOptions('assigned', ['company-admin'])).toEqual({
      user: ['en-route-to-pickup', 'cancelled'],
      system: ['created', 'scheduled'],
    });
    expect(nextStatusOptions('assigned', ['driver'])).toEqual({
      user: ['en-route-to-pickup'],
      system: ['created', 'scheduled'],
    });
    expect(nextStatusOptions('failed', ['driver']).user).toEqual(['returned']);
    expect(nextStatusOptions('failed', ['company-admin', 'driver']).user).toEqual([
      'assigned',
      'cancelled',
      'returned',
    ]);
    expect(nextLiveStatuses('completed', 'company-admin')).toEqual([]);
  });
});

describe('quote status machine', () => {
  it('allows the listed moves only', () => {
    for (const from of QUOTE_STATUSES) {
      for (const to of QUOTE_STATUSES)
        expect(checkQuoteMove(from, to).ok, `${from} -> ${to}`).toBe(QUOTE_MOVES[from].includes(to));
    }
    expect(checkQuoteMove('expired', 'accepted')).toEqual({
      ok: false,
      reason: 'A quote that is expired cannot become accepted.',
    });
  });
});
