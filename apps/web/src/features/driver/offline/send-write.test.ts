import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEND_TIME_LIMIT_MS, sendWrite } from './send-write';
import { verdictOf } from './write-queue';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A network whose requests never answer (the signal lost mid-request); a request's abort is honoured or not. */
function silentNetwork({ honoursAbort }: { honoursAbort: boolean }) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    requests.push(String(url));
    return new Promise((_, reject) => {
      if (honoursAbort)
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return requests;
}

const scan = {
  kind: 'scan' as const,
  deliveryUuid: '11111111-1111-4111-8111-111111111111',
  body: {
    deliveryStepUuid: '22222222-2222-4222-8222-222222222222',
    code: 'ABC123',
    scannedAt: '2026-11-29T10:00:00.000Z',
  },
};

describe('sending one queued write', () => {
  it('gives a request that never answers up at its time limit, as a write to try again later', async () => {
    vi.useFakeTimers();
    const requests = silentNetwork({ honoursAbort: true });
    const sent = sendWrite(scan, 'key-1');
    const outcome = sent.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(SEND_TIME_LIMIT_MS.other - 1);
    expect(requests.length).toBeGreaterThan(0);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(DOMException);
    expect(verdictOf(error, 1)).toBe('later');
  });

  it('is given up even when the request ignores the abort (the CSRF cookie request takes no signal)', async () => {
    vi.useFakeTimers();
    silentNetwork({ honoursAbort: false });
    const outcome = sendWrite(scan, 'key-2').then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(SEND_TIME_LIMIT_MS.other);
    expect(verdictOf(await outcome, 1)).toBe('later');
  });
});
