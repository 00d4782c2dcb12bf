// Loaded into the benchmarked server with `node --import` (the soak does): every 10 s it appends the process's memory
// as Node sees it to MEMORY_PROBE_FILE, one JSON line: resident, the JavaScript heap, and `external`, which holds
// PGlite's WebAssembly memory. The soak prints it beside the resident size, so growth can be told apart: the
// JavaScript heap (a leak in our code), the WebAssembly memory's size (PGlite's heap growing), or resident pages of
// a memory whose size did not change (first touched).
import { appendFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const mb = (bytes) => Math.round(bytes / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external) })}\n`,
    );
  }, 10_000).unref();
}
