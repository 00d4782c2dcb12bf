import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stopServer, type ServerProcess } from './test/server-process.js';

// A real server process (src/server.ts through tsx) on its own PGlite directory, stopped by SIGTERM the way a
// supervisor stops it: a request under way when the signal comes still gets its answer, no new connection is taken,
// the process exits 0, and the directory is free at once for the next start.

const dataDir = mkdtempSync(join(tmpdir(), 'courier-shutdown-'));
const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', WEB_DIST_DIR: '' };
let servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await stopServer(s);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A POST whose body is sent in two halves: the first now, the rest when `finish` is called. */
function slowRequest(url: string) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
  const target = new URL('/api/v1/password/forgot', url);
  let finish = () => {};
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  return { answer, finish: () => finish() };
}

describe('stopping the server with SIGTERM', () => {
  it('finishes the request under way, takes no new one, exits 0 and frees the data directory', async () => {
    const first = await startServer('first', env);
    servers.push(first);
    const inFlight = slowRequest(first.url);
    await new Promise((r) => setTimeout(r, 300)); // the request's head has arrived
    const exited = new Promise<number | null>((r) => first.child.once('exit', (code) => r(code)));
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // New connections are refused while the request under way is finished.
    await expect(fetch(`${first.url}/api/v1/health`)).rejects.toThrow();
    inFlight.finish();
    const answer = await inFlight.answer;
    // An answer, not a dropped connection (the CSRF check refuses the bare POST, which is an answer too).
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.text).toContain('message');
    expect(await exited).toBe(0);
    expect(first.output.join('')).toContain('shutting down');

    // The directory is free at once: the next process starts on it without waiting for a lock.
    const started = Date.now();
    const second = await startServer('second', env);
    servers.push(second);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect((await fetch(`${second.url}/api/v1/health`)).status).toBe(200);
    await stopServer(second);
    servers = [];
  }, 180_000);
});
