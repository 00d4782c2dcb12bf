import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { updatePersisted } from '../../lib/persist-store';
import { renderRoutes } from '../../testing/render-app';
import { NotesPanel } from './notes-panel';

describe('notes panel', () => {
  it('without a current company shows the Config Error and asks the server nothing', async () => {
    updatePersisted({ currentCompanySlug: null });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <NotesPanel noteable={{ type: 'vehicles', uuid: '00000000-0000-4000-8000-000000000001' }} />
          ),
        },
      ],
      ['/'],
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Config Error');
    expect(alert.textContent).toContain('Company slug not found');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
