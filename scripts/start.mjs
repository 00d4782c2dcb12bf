// `npm start` (issue 39): builds only the packages whose sources changed since their last build (the contract first,
// then the web app and the server, which both read it), then serves. A first start builds all three; an everyday one
// builds nothing and starts in about a second. Each package's last good build is marked by `dist/.build-stamp`; a
// newer source file, config file or install (`npm ci` rewrites node_modules/.package-lock.json) makes it stale.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const INSTALL = join(root, 'node_modules/.package-lock.json');

/** What each package's build reads (besides the installed packages), and whose build it reads. */
const PACKAGES = [
  {
    dir: 'packages/contract',
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
    after: [],
  },
  {
    dir: 'apps/web',
    inputs: [
      'src',
      'public',
      'build',
      'index.html',
      'package.json',
      'tsconfig.json',
      'vite.config.mts',
      'postcss.config.js',
    ],
    after: ['packages/contract'],
  },
  {
    dir: 'apps/server',
    inputs: ['src', 'drizzle', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
    after: ['packages/contract'],
  },
];

/** The newest modification time under a file or folder (tests and build output aside), 0 when it is not there. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

const stampOf = (dir) => join(root, dir, 'dist/.build-stamp');
const built = new Set();
for (const pkg of PACKAGES) {
  const stamp = stampOf(pkg.dir);
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(newest(INSTALL), ...pkg.inputs.map((input) => newest(join(root, pkg.dir, input))));
  const stale = builtAt === 0 || changed > builtAt || pkg.after.some((dep) => built.has(dep));
  if (!stale) {
    console.log(`${pkg.dir}: up to date`);
    continue;
  }
  console.log(`${pkg.dir}: building (${builtAt === 0 ? 'no build yet' : 'changed since the last build'})`);
  const result = spawnSync('npm', ['run', 'build', '-w', pkg.dir], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  built.add(pkg.dir);
}

const server = spawn('npm', ['run', 'serve'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.once('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
