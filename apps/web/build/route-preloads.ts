import { basename, extname, resolve } from 'node:path';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { RouteDocument } from '@courier/contract/plain';
import type { Plugin } from 'vite';
import { CATCH_ALL_ROUTE, GUARDED_LAYOUTS, ROUTES } from '../src/app/route-table';
import {
  ALL_STYLES_FILE,
  GUARD_FILE,
  LAYOUT_FILES,
  NOT_FOUND_FILE,
  OWN_STYLES_SCREENS,
  SCREEN_FILES,
} from '../src/app/screen-files';

/** Where the HTML of each route is written, under the build's output (the server's `routes.json` names them). */
export const ROUTES_DIR = 'routes';

/** The files (under src/) a visit to a route loads before it draws: its layout, the guard, its screen, its CSS. */
export function filesOfRoute(route: { id: string; layout: keyof typeof LAYOUT_FILES }): string[] {
  const screen =
    route.id === CATCH_ALL_ROUTE.id ? NOT_FOUND_FILE : SCREEN_FILES[route.id as keyof typeof SCREEN_FILES];
  const ownStyles = (OWN_STYLES_SCREENS as readonly string[]).includes(route.id);
  return [
    LAYOUT_FILES[route.layout],
    ...(GUARDED_LAYOUTS.includes(route.layout) ? [GUARD_FILE] : []),
    screen,
    ...(ownStyles ? [] : [ALL_STYLES_FILE]),
  ];
}

const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** The style sheet the build made of a module of CSS only, by the module's name. */
function cssAssetOf(bundle: OutputBundle, file: string): string | undefined {
  const name = `${basename(file, extname(file))}.css`;
  return Object.values(bundle).find(
    (item): item is OutputAsset => item.type === 'asset' && item.names.includes(name),
  )?.fileName;
}

/** A chunk's file with every chunk it imports statically, transitively. */
function closure(chunk: OutputChunk, byName: Map<string, OutputChunk>, into = new Set<string>()) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const name of chunk.imports) {
    const next = byName.get(name);
    if (next) closure(next, byName, into);
  }
  return into;
}

/**
 * The `<link>` tags of a route's files that the entry does not already load: `modulepreload` for scripts and
 * `stylesheet` for their CSS, both `crossorigin` as the entry's own. The sheets apply before the first screen is
 * drawn, so its style is computed once (a sheet added when the route's code ran made the browser restyle the whole
 * page, decision 052); Vite's loader finds the `rel=stylesheet` link and does not add it again.
 */
export function routeLinks(bundle: OutputBundle, srcDir: string, files: readonly string[]): string[] {
  const chunks = chunksOf(bundle);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route-preloads: the build has no entry chunk');
  const initial = closure(entry, byName);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const file of files) {
    const id = resolve(srcDir, file);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) {
      // A module of CSS only (the whole of Mantine's): Vite drops its empty script and keeps the sheet, named after it.
      const sheet = cssAssetOf(bundle, file);
      if (!sheet) throw new Error(`route-preloads: no file of the build holds ${file}`);
      styles.add(sheet);
      continue;
    }
    for (const name of closure(chunk, byName)) {
      if (initial.has(name)) continue;
      scripts.add(name);
      for (const css of byName.get(name)?.viteMetadata?.importedCss ?? []) styles.add(css);
    }
  }
  const initialCss = new Set(
    [...initial].flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]),
  );
  return [
    ...[...scripts].map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
    ...[...styles]
      .filter((name) => !initialCss.has(name))
      .map((name) => `<link rel="stylesheet" crossorigin href="/${name}">`),
  ];
}

/**
 * Writes one copy of index.html per route, which names the files of that route (its layout, the guard, its screen,
 * their CSS) beside the entry, and `routes/routes.json` for the server to pick the copy by path (decision 051): a
 * first visit to a signed-in screen fetches them all at once instead of finding them only once the entry has run.
 * The service worker's copy of index.html is the plain one; a worker-served visit has every file in its cache.
 */
export function routePreloads(): Plugin {
  let srcDir = '';
  return {
    name: 'courier-route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      srcDir = resolve(config.root, 'src');
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'] as OutputAsset | undefined;
        if (!index) throw new Error('route-preloads: the build has no index.html');
        const html = String(index.source);
        if (!html.includes('</head>')) throw new Error('route-preloads: index.html has no </head>');
        const documents: RouteDocument[] = [];
        for (const route of [...ROUTES, CATCH_ALL_ROUTE]) {
          const links = routeLinks(bundle, srcDir, filesOfRoute(route));
          const file = `${ROUTES_DIR}/${route.id}.html`;
          this.emitFile({
            type: 'asset',
            fileName: file,
            source: html.replace('</head>', `\n${links.map((link) => `    ${link}\n`).join('')}  </head>`),
          });
          documents.push({
            id: route.id,
            path: route.path,
            caseSensitive: 'caseSensitive' in route ? route.caseSensitive : false,
            file,
            guarded: GUARDED_LAYOUTS.includes(route.layout),
          });
        }
        this.emitFile({
          type: 'asset',
          fileName: `${ROUTES_DIR}/routes.json`,
          source: JSON.stringify(documents, null, 2),
        });
      },
    },
  };
}
