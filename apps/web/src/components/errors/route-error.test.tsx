import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, PRELOAD_ERROR_EVENT } from '../../lib/preload-error';
import { renderRoutes } from '../../testing/render-app';
import { hasNoHistory, RouteError } from './route-error';

describe('route error screen', () => {
  it('offers Go Home without history and Go Back with it', () => {
    expect(hasNoHistory(1, 'abc')).toBe(true);
    expect(hasNoHistory(5, 'default')).toBe(true);
    expect(hasNoHistory(5, 'x1y2')).toBe(false);
  });

  it('a failed screen load emits preload-error, then the error screen shows', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const listener = vi.fn();
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    renderRoutes(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          HydrateFallback: () => null,
          lazy: lazyScreen(() => Promise.reject(failure)),
        },
      ],
      ['/'],
    );

    expect(await screen.findByText('Sorry, something went wrong.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' })).toBeTruthy();
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0]?.[0] as CustomEvent<{ error: unknown }>).detail.error).toBe(failure);
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    vi.restoreAllMocks();
  });
});
