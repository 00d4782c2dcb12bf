import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { lazyScreen } from '../lib/preload-error';
import type { ScreenHandle } from '../lib/route-handle';
import { RootRoute } from './root-route';
import { CATCH_ALL_ROUTE, GUARDED_LAYOUTS, ROUTES, type LayoutName } from './route-table';
import { LAYOUT_FILES, NOT_FOUND_FILE, OWN_STYLES_SCREENS, SCREEN_FILES } from './screen-files';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * Every screen and layout module, loaded when its route is first visited (one file each in the build). The patterns
 * name no other file: each module matched is a file of the build whether a route uses it or not.
 */
const modules = import.meta.glob<{ default: ComponentType }>([
  '../features/*/routes/*-page.tsx',
  '../features/shell/layouts/*-layout.tsx',
  '../components/errors/not-found.tsx',
]);

/** The module of a file of SCREEN_FILES or LAYOUT_FILES (paths under src/). */
export function moduleOf(file: string): ScreenModule {
  const load = modules[`../${file}`];
  if (!load) throw new Error(`No screen module ${file}`);
  return load;
}

/** The files import.meta.glob found, under src/ (tested against SCREEN_FILES and LAYOUT_FILES). */
export const SCREEN_MODULE_FILES = Object.keys(modules).map((key) => key.slice('../'.length));

function withAllStyles(load: ScreenModule): ScreenModule {
  return () => Promise.all([import('../styles/all-mantine-styles'), load()]).then(([, screen]) => screen);
}

function screensOf(layout: LayoutName): RouteObject[] {
  return ROUTES.filter((route) => route.layout === layout).map((route) => ({
    id: route.id,
    path: route.path,
    caseSensitive: 'caseSensitive' in route ? route.caseSensitive : false,
    handle: { routeId: route.id, title: route.title } satisfies ScreenHandle,
    errorElement: <RouteError />,
    lazy: lazyScreen(
      OWN_STYLES_SCREENS.includes(route.id)
        ? moduleOf(SCREEN_FILES[route.id])
        : withAllStyles(moduleOf(SCREEN_FILES[route.id])),
    ),
  }));
}

function layoutRoute(layout: LayoutName, children: RouteObject[]): RouteObject {
  return {
    id: `layout-${layout}`,
    // The guard's module holds the session and lookup calls with their schemas (zod): it loads with the first
    // signed-in screen, beside the layout's own file, not with the entry (decision 045).
    loader: GUARDED_LAYOUTS.includes(layout)
      ? (args) => import('./require-session').then(({ requireSession }) => requireSession(args))
      : undefined,
    errorElement: <RouteError />,
    lazy: lazyScreen(moduleOf(LAYOUT_FILES[layout])),
    children,
  };
}

/** While the first screen loads, index.html's full-screen loader is still showing; nothing else to draw. */
function InitialLoad() {
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RouteError />,
    HydrateFallback: InitialLoad,
    children: [
      layoutRoute('blank', [
        ...screensOf('blank'),
        {
          id: CATCH_ALL_ROUTE.id,
          path: CATCH_ALL_ROUTE.path,
          handle: { routeId: CATCH_ALL_ROUTE.id, title: CATCH_ALL_ROUTE.title } satisfies ScreenHandle,
          errorElement: <RouteError />,
          lazy: lazyScreen(withAllStyles(moduleOf(NOT_FOUND_FILE))),
        },
      ]),
      layoutRoute('default', screensOf('default')),
      layoutRoute('easy', screensOf('easy')),
    ],
  },
];
