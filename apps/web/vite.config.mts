// .mts, not .ts: the root ESLint config lints *.config.ts through a default project that cannot resolve vite's types.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contractRuntime } from './build/contract-runtime';
import { routePreloads } from './build/route-preloads';
import { LOOKUP_CACHE, LOOKUP_READS, PRIVATE_API_CACHE, PRIVATE_READS } from './src/lib/pwa/caches';

const apiTarget = 'http://127.0.0.1:3000';

const DAY_SECONDS = 24 * 60 * 60;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the strongest settings, once
 * at build time; the server sends them to browsers that accept them (`preCompressed` of @fastify/static), so no
 * request pays for compression. Files under 1 KB, and copies that would not be smaller, are left out.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  return {
    name: 'courier-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const bytes = readFileSync(file);
          if (bytes.length < 1024) continue;
          const br = brotliCompressSync(bytes, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
          const gz = gzipSync(bytes, { level: 9 });
          if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

/**
 * React Router's package exports name only its development build (the production one differs by
 * `ENABLE_DEV_WARNINGS = false`, which lets the minifier drop its warnings; remix-run/react-router#14102). A build
 * takes the production files, the dev server keeps the warnings.
 */
function reactRouterProduction(): Plugin {
  const dist = resolve(import.meta.dirname, '../../node_modules/react-router/dist/production');
  return {
    name: 'courier-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    contractRuntime(),
    routePreloads(),
    precompress(),
    VitePWA({
      // A new release waits until the user says so (the in-app prompt): a driver mid-delivery is never reloaded.
      registerType: 'prompt',
      // Registered by lib/pwa (useRegisterSW), not by an injected script.
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'Courier',
        short_name: 'Courier',
        description: 'Deliveries worked from a phone, online or not.',
        // The public "/" is the landing page; the installed app is the driver's, whose home is this route. A signed-out
        // start goes through the sign-in and comes back here.
        start_url: '/DriverDashboard',
        scope: '/',
        id: '/DriverDashboard',
        display: 'standalone',
        theme_color: '#4361ee',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The per-route copies of index.html are the server's (build/route-preloads.ts): the worker answers every
        // navigation with index.html itself.
        globIgnores: ['routes/**'],
        // The delivery map's chunk (maplibre, about 1.1 MB) is part of the driver's detail screen.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/sanctum\//],
        cleanupOutdatedCaches: true,
        // The first worker takes the open page at once, so the reads of a driver's very first visit are kept for
        // offline. A later release still waits for the prompt: claiming happens on activation, which is the user's call.
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: PRIVATE_READS,
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: PRIVATE_API_CACHE,
              // A weak signal on the road: after 4 s the last answer is better than a spinner.
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 3 * DAY_SECONDS },
            },
          },
          {
            // Lookup lists change with migrations only: the cached answer at once, refreshed behind it.
            urlPattern: LOOKUP_READS,
            method: 'GET',
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: LOOKUP_CACHE,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 100, maxAgeSeconds: 30 * DAY_SECONDS },
            },
          },
        ],
      },
    }),
  ],
  // `source` makes Vite read @courier/contract's TypeScript source instead of its built dist.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sanctum': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The delivery map's chunk is maplibre (about 1.1 MB, 300 kB gzip); it loads lazily on /DeliveryDetail only.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What index.html's entry runs before any screen, in one file instead of about twenty (decision 042).
            { name: 'app', tags: ['$initial'], priority: 7 },
            // What the sign-in screen shares with the signed-in frame and the dashboard (inputs, action icons, links,
            // the brand, mutations), in a file of its own: the first signed-in screen does not load the sign-in file
            // (the form library, the password input, the sign-in form) for them (decision 050).
            {
              name: 'controls',
              test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](components[\\/](Input|InputBase|TextInput|ActionIcon|Anchor|Alert)[\\/]|core[\\/]styles-api[\\/]use-resolved-styles-api[\\/])|@mantine[\\/]hooks[\\/]esm[\\/]use-uncontrolled[\\/]|@tabler[\\/]icons-react[\\/].*IconAlertCircle|@tanstack[\\/](query-core|react-query)[\\/].*[mM]utation)|src[\\/]components[\\/]brand[\\/]/,
              priority: 6.5,
            },
            // The sign-in screen and its blank layout with everything they need that the entry has not, in one file:
            // the first screen of most visits. Screens sharing its pieces (inputs, buttons, the form library) load
            // this file too.
            {
              name: 'sign-in',
              test: /features[\\/](auth[\\/]routes[\\/]sign-in-page|shell[\\/]layouts[\\/]blank-layout)/,
              priority: 6,
            },
            // The signed-in frame (sidebar, header, menus, live stream), the guard with the session and lookup calls
            // (decision 045), and the company dashboard, the first screen after signing in, with what they need beyond
            // the files above, and Mantine's small helpers that the dashboard shares with ScrollArea (below), so that
            // the dashboard does not load floating-ui for one of them (decision 050). One file, and one style sheet,
            // instead of three of each: a first signed-in visit makes six requests before its first screen, which
            // HTTP/1.1's six connections to a host take at once (decision 052).
            {
              name: 'frame',
              test: /src[\\/]app[\\/]require-session|features[\\/]shell[\\/]layouts[\\/](default|easy)-layout|features[\\/]dashboard[\\/]routes[\\/]company-dashboard-page|@mantine[\\/]core[\\/]esm[\\/]core[\\/](utils[\\/]create-safe-context|DirectionProvider)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](utils[\\/]use-callback-ref|use-debounced-callback)[\\/]/,
              priority: 4,
            },
            // floating-ui (with Mantine's ScrollArea, which imports it): shared by the dashboard's table, the frame's
            // later parts and many screens' menus and selects, in a file of its own rather than in one of theirs.
            {
              name: 'floating',
              test: /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/])/,
              priority: 3,
            },
            // What the frame draws only when used (menus, header panels, tooltips, confirm dialogs), loaded after the
            // first screen: one file instead of about twenty. Below the frame's file, so that a piece both use (an
            // icon) stays in the frame's file and the dashboard does not wait for this one.
            {
              name: 'frame-later',
              test: /(header-popover|user-menu-dropdown|quick-actions-menu|tooltip-now|modals-host)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
