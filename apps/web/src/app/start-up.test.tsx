import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupQueryKey, useLookup } from '../lib/lookups/get-lookup';
import { nextTask, yieldIfSupported } from '../lib/next-task';
import { numberFirstHistoryEntry, routerInitialized } from './router';

// The start-up in short tasks (decision 052): the history entry numbered before the router is made, the first render
// once the router has settled, and the lookup lists' answers stable for memoised parts of a screen.
describe('start-up', () => {
  afterEach(() => {
    window.history.replaceState(null, '');
    vi.unstubAllGlobals();
    document.getElementById('app-loader')?.remove();
  });

  it('numbers an unnumbered first history entry as React Router does, keeping what it holds', () => {
    window.history.replaceState({ usr: { from: '/x' } }, '');
    numberFirstHistoryEntry();
    expect(window.history.state).toEqual({ usr: { from: '/x' }, idx: 0 });
  });

  it('leaves an entry React Router has already numbered', () => {
    window.history.replaceState({ idx: 4, key: 'k' }, '');
    const replace = vi.spyOn(window.history, 'replaceState');
    numberFirstHistoryEntry();
    expect(replace).not.toHaveBeenCalled();
    expect(window.history.state).toEqual({ idx: 4, key: 'k' });
    replace.mockRestore();
  });

  it('a router made after the numbering finds the entry numbered and does not write it again', () => {
    numberFirstHistoryEntry();
    const replace = vi.spyOn(window.history, 'replaceState');
    const router = createBrowserRouter([{ path: '*', element: null }]);
    expect(replace).not.toHaveBeenCalled();
    expect(window.history.state).toMatchObject({ idx: 0 });
    replace.mockRestore();
    router.dispose();
  });

  it('waits for the router to settle (its first loader) before the first render, then fades the loader out', async () => {
    const loader = document.createElement('div');
    loader.id = 'app-loader';
    document.body.append(loader);
    let answer: (value: null) => void = () => undefined;
    const router = createBrowserRouter([
      { path: '*', loader: () => new Promise<null>((resolve) => (answer = resolve)), element: null },
    ]);
    let settled = false;
    const waiting = routerInitialized(router).then(() => (settled = true));
    await nextTask();
    expect(settled).toBe(false);
    expect(loader.classList.contains('app-loader--hidden')).toBe(false);
    answer(null);
    await waiting;
    expect(router.state.initialized).toBe(true);
    expect(loader.classList.contains('app-loader--hidden')).toBe(true);
    router.dispose();
  });

  it('yields through scheduler.yield where the browser has it, and at once elsewhere', async () => {
    const yieldTask = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTask });
    await yieldIfSupported();
    await nextTask();
    expect(yieldTask).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
    await expect(yieldIfSupported()).resolves.toBeUndefined();
    await expect(nextTask()).resolves.toBeUndefined();
  });

  it('answers the same lookup list object while its list is unchanged, so memoised parts are not drawn again', () => {
    const client = new QueryClient();
    client.setQueryData(lookupQueryKey('deliveryLiveStatuses'), {
      created: { slug: 'created', name: 'Created', tag: 'info', sortOrder: 1, isActive: true },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(() => useLookup('deliveryLiveStatuses'), { wrapper });
    const first = result.current;
    expect(first.isPending).toBe(false);
    expect(first.labelOf('created')).toBe('Created');
    rerender();
    expect(result.current).toBe(first);
  });
});
