import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../lib/mantine-theme';
import { DateTimeInput } from './date-time-input';

const inProviders = (ui: ReactNode) => render(<MantineProvider theme={mantineTheme}>{ui}</MantineProvider>);

function Controlled({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('2026-11-21T14:00');
  return (
    <DateTimeInput
      label="Valid until"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateTimeInput', () => {
  it('costs two keyboard stops: the text and the picker button', async () => {
    const user = userEvent.setup();
    inProviders(
      <>
        <button type="button">Before</button>
        <DateTimeInput label="Dropoff from" defaultValue="" />
        <button type="button">After</button>
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Dropoff from' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose date and time' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('shows the value as "YYYY-MM-DD HH:mm" and hands back what is typed in the forms\' format', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    inProviders(<Controlled onValue={onValue} />);
    const field = screen.getByRole('textbox', { name: 'Valid until' });
    expect(field).toHaveProperty('value', '2026-11-21 14:00');
    await user.clear(field);
    await user.type(field, '2026-12-01 9:30');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-01T09:30');
    // Shown as typed while the field is being typed in, in the field's own format once it is left.
    expect(field).toHaveProperty('value', '2026-12-01 9:30');
    await user.tab();
    expect(field).toHaveProperty('value', '2026-12-01 09:30');
  });

  it('hands back text that is not a date and time as it is, and empty as empty', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    inProviders(<DateTimeInput label="Bidding closes" defaultValue="" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Bidding closes' });
    await user.type(field, 'soon');
    expect(onChange).toHaveBeenLastCalledWith('soon');
    await user.clear(field);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it("takes the value the browser's picker gives", () => {
    const onChange = vi.fn();
    const { container } = inProviders(<DateTimeInput label="Starts" defaultValue="" onChange={onChange} />);
    const picker = container.querySelector<HTMLInputElement>('input[type="datetime-local"]');
    if (!picker) throw new Error('No picker input');
    expect(picker.tabIndex).toBe(-1);
    fireEvent.change(picker, { target: { value: '2027-03-04T08:15' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-03-04T08:15');
    expect(screen.getByRole('textbox', { name: 'Starts' })).toHaveProperty('value', '2027-03-04 08:15');
  });
});
