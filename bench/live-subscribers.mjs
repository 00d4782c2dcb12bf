// A worker thread of the live benchmark: opens its share of SSE subscribers and reports, for each note event, the
// absolute time it arrived (performance.timeOrigin + now, comparable across threads). Reading a thousand sockets
// on one thread would make the benchmark measure its own event loop.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

const now = () => performance.timeOrigin + performance.now();
const sockets = [];
const NOTE = /"noteUuid":"([0-9a-f-]{36})"/;

function subscribe({ url, cookie }) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let ready = false;
      res.on('data', (chunk) => {
        const at = now();
        if (!ready && chunk.includes('event: stream.ready')) {
          ready = true;
          resolve(req);
        }
        if (chunk.includes('event: delivery.note')) {
          const m = NOTE.exec(chunk);
          if (m) parentPort.postMessage({ kind: 'receipt', note: m[1], at });
        }
      });
    });
    req.on('error', reject);
    sockets.push(req);
  });
}

/** `{ kind: 'open', streams: [{ url, cookie }] }` opens them and answers `ready`; `close` ends every stream. */
parentPort.on('message', async (m) => {
  if (m.kind === 'open') {
    for (let i = 0; i < m.streams.length; i += 50)
      await Promise.all(m.streams.slice(i, i + 50).map(subscribe));
    parentPort.postMessage({ kind: 'ready' });
  } else if (m.kind === 'close') {
    for (const s of sockets) s.destroy();
    parentPort.close();
  }
});
