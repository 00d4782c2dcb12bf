import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('is the first stop of the keyboard and puts the focus on the main content, without touching the address', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/elsewhere">Elsewhere</a>
        </nav>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          Content
        </main>
      </>,
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(link);
    const before = window.location.href;
    // A click, as Enter on a link is.
    expect(fireEvent.click(link)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.href).toBe(before);
  });
});
