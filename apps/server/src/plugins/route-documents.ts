import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDocument } from '@courier/contract/plain';

export type { RouteDocument };

interface Matcher {
  segments: string[];
  caseSensitive: boolean;
  route: RouteDocument;
  /** Static segments count first, as React Router ranks its routes; the catch-all is last. */
  rank: number;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

function compile(route: RouteDocument): Matcher {
  const segments = segmentsOf(route.path);
  const rank =
    route.path === '*' ? -1 : segments.reduce((sum, segment) => sum + (segment.startsWith(':') ? 2 : 10), 0);
  return { segments, caseSensitive: route.caseSensitive, route, rank };
}

function matches(matcher: Matcher, segments: readonly string[]): boolean {
  if (matcher.rank < 0) return true;
  if (matcher.segments.length !== segments.length) return false;
  return matcher.segments.every((pattern, i) => {
    const segment = segments[i] ?? '';
    if (pattern.startsWith(':')) return segment !== '';
    return matcher.caseSensitive ? pattern === segment : pattern.toLowerCase() === segment.toLowerCase();
  });
}

/**
 * Picks the copy of index.html for a path as the web app's router would match it: `:param` segments match any one
 * segment, letter case is ignored unless the route says otherwise, a trailing slash is ignored. Answers null for a
 * path no route matches (the plain index.html is sent).
 */
export function routeDocumentPicker(
  routes: readonly RouteDocument[],
): (path: string) => RouteDocument | null {
  const matchers = routes.map(compile).sort((a, b) => b.rank - a.rank);
  return (path) => {
    let segments: string[];
    try {
      segments = segmentsOf(decodeURIComponent(path));
    } catch {
      return null;
    }
    return matchers.find((matcher) => matches(matcher, segments))?.route ?? null;
  };
}

/** The build's routes (`routes/routes.json` under the web app's output), or none when it has no such file. */
export function readRouteDocuments(distDir: string): RouteDocument[] {
  const file = join(distDir, 'routes', 'routes.json');
  if (!existsSync(file)) return [];
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as RouteDocument[]).map((route) => ({
    ...route,
    guarded: route.guarded === true,
  }));
  // Only copies that are there: a build is never half-read into sending a missing file.
  return routes.filter((route) => existsSync(join(distDir, route.file)));
}
