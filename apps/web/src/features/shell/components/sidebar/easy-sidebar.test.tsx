import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mantineTheme } from '../../../../lib/mantine-theme';
import { queryClient } from '../../../../lib/query-client';
import { meRolesQueryKey } from '../../../../lib/session/query-keys';
import { EasySidebar } from './easy-sidebar';
import { useSidebarPeek } from './use-sidebar-peek';

/** The easy frame's sidebar as app-frame.tsx holds it, and the header's first button after it. */
function Frame() {
  const peek = useSidebarPeek(true);
  return (
    <>
      <aside data-testid="sidebar" {...peek.handlers}>
        <EasySidebar expanded={peek.peeking} opened={false} onClose={() => undefined} />
      </aside>
      <button type="button">Theme</button>
    </>
  );
}

function renderFrame() {
  const router = createMemoryRouter([{ path: '*', element: <Frame /> }], {
    initialEntries: ['/CompanyDashboard'],
  });
  render(
    <MantineProvider theme={mantineTheme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The full menu is open: its entries show their names as text (the icons only carry them as labels). */
const menuOpen = () => screen.queryByText('Delivery Calendar') !== null;
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the easy sidebar and the keyboard', () => {
  beforeEach(() => {
    queryClient.clear();
    queryClient.setQueryData(meRolesQueryKey, [
      { uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', slug: 'company-admin', name: 'Company admin' },
    ]);
  });

  it('opens when the focus comes in with Tab and closes when it leaves', async () => {
    const user = userEvent.setup();
    renderFrame();
    expect(menuOpen()).toBe(false);
    await user.tab();
    expect(screen.getByTestId('sidebar').contains(document.activeElement)).toBe(true);
    expect(menuOpen()).toBe(true);
    // On into the menu's own entries.
    await user.tab();
    expect(document.activeElement?.getAttribute('data-nav-label')).toBe('Dashboard');

    screen.getByRole('button', { name: 'Theme' }).focus();
    await nextTask();
    expect(menuOpen()).toBe(false);
  });

  it('hands the focus an icon took on to the same entry of the opened menu', async () => {
    const user = userEvent.setup();
    renderFrame();
    screen.getByRole('button', { name: 'Theme' }).focus();
    // Back from the header: the last icon, Support Desk.
    await user.tab({ shift: true });
    await nextTask();
    expect(menuOpen()).toBe(true);
    const focused = document.activeElement;
    expect(focused?.getAttribute('data-nav-label')).toBe('Support Desk');
    expect(focused?.textContent).toContain('Support Desk');
  });

  it('does not open for the focus a press of the pointer gives (the pointer opens it by hovering)', async () => {
    renderFrame();
    const icon = screen.getByRole('link', { name: 'Delivery Calendar' });
    fireEvent.pointerDown(icon);
    act(() => icon.focus());
    expect(menuOpen()).toBe(false);
    await nextTask();
    // The next focus from the keyboard counts again.
    act(() => screen.getByRole('link', { name: 'Courier home' }).focus());
    expect(menuOpen()).toBe(true);
  });
});
