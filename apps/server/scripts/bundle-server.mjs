// After `tsc`: bundles the server (dist/server.js and everything it loads at start-up) into one file, in place, with
// esbuild (decision 054). Our own modules, the contract, Drizzle and zod were most of the ~2,900 module resolutions
// of a start; packages that read files of their own (PGlite's WebAssembly, the API reference's assets), the CommonJS
// ones (Fastify and its plugins) and those loaded on demand (NATS, nodemailer) stay imported from node_modules. The
// other files of dist/ stay as tsc wrote them, for the command-line scripts.
import { renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const BUNDLED = new Set(['@courier/contract', 'drizzle-orm', 'zod', 'fastify-type-provider-zod']);
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

const started = performance.now();
const out = join(dist, 'server.bundle.tmp.js');
const result = await build({
  entryPoints: [join(dist, 'server.js')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [
    {
      name: 'node-modules-outside-the-bundle',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('node:') || !BUNDLED.has(packageOf(args.path))
            ? { external: true }
            : undefined,
        );
      },
    },
  ],
});
renameSync(out, join(dist, 'server.js'));
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`dist/server.js: ${inputs} modules in one file (${Math.round(performance.now() - started)} ms)`);
