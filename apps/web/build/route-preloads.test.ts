import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { filesOfRoute, routeLinks } from './route-preloads';

const SRC = '/app/src';

/** A bundle as the build hands it to plugins, with only what route-preloads reads. */
function bundleOf(
  chunks: { fileName: string; modules?: string[]; imports?: string[]; css?: string[]; isEntry?: boolean }[],
  assets: { fileName: string; names: string[] }[] = [],
): OutputBundle {
  const bundle: Record<string, unknown> = {};
  for (const c of chunks)
    bundle[c.fileName] = {
      type: 'chunk',
      fileName: c.fileName,
      isEntry: c.isEntry ?? false,
      moduleIds: (c.modules ?? []).map((m) => `${SRC}/${m}`),
      imports: c.imports ?? [],
      viteMetadata: { importedCss: new Set(c.css ?? []) },
    };
  for (const a of assets) bundle[a.fileName] = { type: 'asset', ...a };
  return bundle as unknown as OutputBundle;
}

const bundle = bundleOf(
  [
    { fileName: 'assets/index.js', isEntry: true, imports: ['assets/runtime.js'], css: ['assets/index.css'] },
    { fileName: 'assets/runtime.js' },
    {
      fileName: 'assets/dashboard.js',
      modules: ['features/dashboard/routes/company-dashboard-page.tsx'],
      imports: ['assets/controls.js', 'assets/runtime.js'],
      css: ['assets/dashboard.css'],
    },
    { fileName: 'assets/controls.js', imports: ['assets/runtime.js'], css: ['assets/index.css'] },
    {
      fileName: 'assets/frame.js',
      modules: ['features/shell/layouts/default-layout.tsx'],
      imports: ['assets/controls.js'],
    },
    { fileName: 'assets/guard.js', modules: ['app/require-session.ts'] },
  ],
  [{ fileName: 'assets/all-mantine-styles-1.css', names: ['all-mantine-styles.css'] }],
);

describe("a route's links in its copy of index.html", () => {
  it("name each file of its layout, guard and screen once, with their CSS, but not the entry's", () => {
    const files = filesOfRoute({ id: 'companyDashboard', layout: 'default' });
    expect(files).toEqual([
      'features/shell/layouts/default-layout.tsx',
      'app/require-session.ts',
      'features/dashboard/routes/company-dashboard-page.tsx',
    ]);
    expect(routeLinks(bundle, SRC, files)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/frame.js">',
      '<link rel="modulepreload" crossorigin href="/assets/controls.js">',
      '<link rel="modulepreload" crossorigin href="/assets/guard.js">',
      '<link rel="modulepreload" crossorigin href="/assets/dashboard.js">',
      '<link rel="stylesheet" crossorigin href="/assets/dashboard.css">',
    ]);
  });

  it('take a module of CSS only by its sheet, and fail the build for a file it cannot find', () => {
    expect(routeLinks(bundle, SRC, ['styles/all-mantine-styles.ts'])).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/all-mantine-styles-1.css">',
    ]);
    expect(() => routeLinks(bundle, SRC, ['features/nowhere/routes/lost-page.tsx'])).toThrow(/lost-page/);
  });
});
