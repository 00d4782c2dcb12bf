import type { ComponentType } from 'react';

/** Name of the window event a failed screen load emits, in the manner of Vite's `vite:preloadError`. */
export const PRELOAD_ERROR_EVENT = 'preload-error';

export interface PreloadErrorDetail {
  error: unknown;
}

/**
 * A route's `lazy` for a module with a default-exported screen. A failed import emits the preload-error event on
 * window (listeners may log it or reload the page) and then propagates, so the route's error screen shows.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    try {
      const module = await load();
      return { Component: module.default };
    } catch (error) {
      window.dispatchEvent(new CustomEvent<PreloadErrorDetail>(PRELOAD_ERROR_EVENT, { detail: { error } }));
      throw error;
    }
  };
}
