import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  url: string;
  output: string[];
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/**
 * How long a server process may take to listen: generous for the worst start, not the typical one (a few seconds).
 * Under load (issue 39: `stress-ng --cpu 2 --io 1` beside the whole suite) tsx's transpiling, PGlite's WASM and the
 * migrations took over the 90 s this was, failing the crash and lock suites before their first write.
 */
export const LISTEN_LIMIT_MS = 300_000;

/** Starts `src/server.ts` (through tsx, as `npm run dev:server` does) on a free port; answers once it listens. */
export function startServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output: string[] = [];
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`did not listen within ${LISTEN_LIMIT_MS / 1000} s`)),
      LISTEN_LIMIT_MS,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(new Error(`server ${name}: ${err.message}\n${output.slice(-30).join('')}`));
    };
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const listening = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(text);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolvePromise({ name, child, url: listening[1], output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`exited (${signal ?? code}) before listening`)));
  });
}

export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

/** Whether something listens on host:port (NATS for the tests that need it). */
export function reachable(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolvePromise(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Signs in over HTTP (CSRF cookie first, as the web app does) and answers the cookie header to send. */
export async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  keep(await fetch(`${server.url}/sanctum/csrf-cookie`));
  const res = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  keep(res);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A JSON write with the session and CSRF cookies (and any more headers: an Idempotency-Key). */
export async function post(
  server: ServerProcess,
  cookie: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(xsrf),
      cookie,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    json: (text ? JSON.parse(text) : null) as { data: Record<string, unknown> },
  };
}
