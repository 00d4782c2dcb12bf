import type { Mentionable } from '@courier/contract';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mantineTheme } from '../../lib/mantine-theme';
import { NoteComposer } from './note-composer';

const cora: Mentionable = {
  userUuid: '00000000-0000-4000-8000-000000000003',
  name: 'Cora Mills',
  email: 'cora@shipper.test',
};

const composer = (mentionable: readonly Mentionable[] | undefined) => (
  <MantineProvider theme={mantineTheme}>
    <NoteComposer
      label="New note"
      submitLabel="Add note"
      pending={false}
      mentionable={mentionable}
      onSubmit={() => Promise.resolve()}
    />
  </MantineProvider>
);

describe('the note composer', () => {
  // Seen on a busy machine (issue 39): `@Mills` typed before the people had loaded offered no one, ever.
  it('offers the people an @ names once they arrive, when the @ was typed before they did', async () => {
    const view = render(composer(undefined));
    const box = screen.getByLabelText('New note');
    box.focus();
    fireEvent.change(box, { target: { value: 'Call @Mil', selectionStart: 9 } });
    (box as HTMLTextAreaElement).setSelectionRange(9, 9);
    expect(screen.queryByRole('option')).toBeNull();
    view.rerender(composer([cora]));
    expect(await screen.findByRole('option', { name: /Cora Mills/ })).toBeTruthy();
  });
});
