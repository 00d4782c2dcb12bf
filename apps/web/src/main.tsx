import './styles/first-load';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { setupSessionExpiry } from './app/session-expiry-setup';
import { UpdatePrompt } from './components/pwa/update-prompt';

setupSessionExpiry();
// Development only: the live stream's events are checked against their schemas (decision 050).
if (import.meta.env.DEV)
  void Promise.all([import('@courier/contract'), import('./lib/live/live-stream')]).then(
    ([contract, stream]) => stream.checkLiveEventsWith(contract.LiveEventSchema),
  );
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProvider>
  </StrictMode>,
);
