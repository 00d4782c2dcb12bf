import { createBrowserRouter } from 'react-router';
import { hideAppLoader } from '../lib/app-loader';
import { registerNavigate } from '../lib/navigation';
import { routes } from './routes';

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to, options) => router.navigate(to, options));
  if (router.state.initialized) hideAppLoader();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      hideAppLoader();
    });
  }
  return router;
}
