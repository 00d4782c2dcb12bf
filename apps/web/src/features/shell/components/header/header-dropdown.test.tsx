import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mantineTheme } from '../../../../lib/mantine-theme';
import { HeaderDropdown } from './header-dropdown';

describe('HeaderDropdown', () => {
  it('is its button until the panel has loaded; a press then loads the panel and opens it', async () => {
    render(
      <MantineProvider theme={mantineTheme}>
        <HeaderDropdown label="Messages" icon="M" hasItems={false} widths={{ narrow: 300, wide: 360 }}>
          {() => <p>Panel content</p>}
        </HeaderDropdown>
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Messages' });
    // Nothing of the panel yet: no popup is announced on the button before its code is there.
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    await userEvent.click(button);
    expect(await screen.findByText('Panel content')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Messages' }).getAttribute('aria-expanded')).toBe('true');
  });
});
