// `npm run dev:server` (issue 39): the server from its TypeScript sources, restarted by tsx on every change, in
// development mode (the API reference served, mail's links in the log) and on the same data directory as
// `npm start` (the repository's ./data), unless NODE_ENV or DATA_DIR say otherwise. A busy port is said in one line
// before the watcher starts, and the command ends.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  DATA_DIR: process.env.DATA_DIR ?? resolve(serverDir, '../../data'),
};
const host = env.HOST ?? '127.0.0.1';
const port = Number(env.PORT ?? 3000);

const free = await new Promise((done) => {
  const probe = net.createServer();
  probe.once('error', () => done(false));
  probe.listen(port, host, () => probe.close(() => done(true)));
});
if (!free) {
  console.error(`\n  Cannot start: ${host}:${port} is in use (another server?). Stop it, or set PORT.\n`);
  process.exit(1);
}

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const child = spawn(process.execPath, [tsxCli, 'watch', '--conditions=source', 'src/server.ts'], {
  cwd: serverDir,
  env,
  stdio: 'inherit',
});
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
