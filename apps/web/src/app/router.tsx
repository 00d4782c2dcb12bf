import { createBrowserRouter } from 'react-router';
import { hideAppLoader } from '../lib/app-loader';
import { registerNavigate } from '../lib/navigation';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

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
