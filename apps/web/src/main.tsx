import './styles/first-load';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter, numberFirstHistoryEntry, routerInitialized } from './app/router';
import { setupSessionExpiry } from './app/session-expiry-setup';
import { UpdatePrompt } from './components/pwa/update-prompt';
import { nextTask } from './lib/next-task';
import { addWebFont } from './styles/web-font';

/**
 * The app starts in short tasks rather than one long one (decision 052): the entry's evaluation, the history entry's
 * number, the router's first navigation (which loads the route's files and runs its guard), then the first render,
 * which React draws in slices as a transition. The render waits for the router to settle: React Router's
 * RouterProvider subscribes to the router only when it commits, so a router that changed between two slices of its
 * first render would leave a blank page.
 */
async function start(container: HTMLElement) {
  addWebFont();
  setupSessionExpiry();
  // Development only: the live stream's events are checked against their schemas (decision 050).
  if (import.meta.env.DEV)
    void Promise.all([import('@courier/contract'), import('./lib/live/live-stream')]).then(
      ([contract, stream]) => stream.checkLiveEventsWith(contract.LiveEventSchema),
    );
  await nextTask();
  numberFirstHistoryEntry();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const root = createRoot(container);
  await routerInitialized(router);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
          <UpdatePrompt />
        </AppProvider>
      </StrictMode>,
    ),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void start(container);
