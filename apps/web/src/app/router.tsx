import { createBrowserRouter } from 'react-router';
import { hideAppLoader } from '../lib/app-loader';
import { registerNavigate } from '../lib/navigation';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Numbers the history entry the app starts on as React Router's browser history does when it finds it unnumbered
 * (`idx` in `history.state`, which it reads to tell back from forward): `history.replaceState` costs 10–20 ms of this
 * machine's main thread on a first visit, and this lets it run in a task of its own before the router is made
 * (decision 052). The router finds the entry numbered and leaves it.
 */
export function numberFirstHistoryEntry(): void {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state && state.idx != null) return;
  window.history.replaceState({ ...(state ?? {}), idx: 0 }, '');
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  registerNavigate((to, options) => router.navigate(to, options));
  return router;
}

/**
 * Resolves once the router's first navigation has settled: the first route's files have loaded and its guard has
 * answered (a redirect included). The full-screen loader of index.html fades out then.
 */
export function routerInitialized(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      hideAppLoader();
      resolve();
    };
    if (router.state.initialized) return settle();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      settle();
    });
  });
}
