import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID } from './main-content';
import { useFocusHeadingOnNavigate } from './use-focus-heading';

function Frame() {
  useFocusHeadingOnNavigate(useLocation().pathname);
  return (
    <>
      <nav>
        <Link to="/b">B</Link>
      </nav>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A screen whose heading comes with its data, a moment after it is shown. */
function LateScreen() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 30);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Late page</h1> : <p>Loading</p>;
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/a', element: <h1 tabIndex={-1}>Page A</h1> },
          { path: '/b', element: <h1 tabIndex={-1}>Page B</h1> },
          { path: '/late', element: <LateScreen /> },
          {
            path: '/form',
            element: (
              <>
                <h1>Form</h1>
                <input aria-label="Name" autoFocus />
              </>
            ),
          },
          {
            path: '/dialog',
            element: (
              <>
                <h1>Behind</h1>
                <div role="dialog" aria-modal="true">
                  <button type="button">OK</button>
                </div>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  const link = screen.getByRole('link', { name: 'B' });
  const go = async (to: string) => {
    link.focus();
    await act(() => router.navigate(to));
  };
  return { router, link, go };
}

describe('focus after a move to another screen', () => {
  afterEach(() => (document.activeElement as HTMLElement | null)?.blur());

  it('is left alone on the first load', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it("goes from the link pressed to the new screen's heading", async () => {
    const { go } = renderApp();
    await go('/b');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Page B' }));
  });

  it('stays where it is when only the query string or hash changes', async () => {
    const { go, link } = renderApp();
    await go('/a?page=2');
    await go('/a?page=2#notes');
    expect(document.activeElement).toBe(link);
  });

  it('waits for a heading drawn after the screen, and makes it focusable', async () => {
    const { go } = renderApp();
    await go('/late');
    const heading = await screen.findByRole('heading', { name: 'Late page' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus on a field the new screen focused, and where it is while a dialog is open', async () => {
    const { go, link } = renderApp();
    await go('/form');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));

    await go('/dialog');
    expect(screen.getByRole('heading', { name: 'Behind' })).toBeTruthy();
    expect(document.activeElement).toBe(link);
  });
});
