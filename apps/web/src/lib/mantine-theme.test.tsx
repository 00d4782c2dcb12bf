import { MantineProvider, NumberInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mantineTheme } from './mantine-theme';

describe('the Mantine theme', () => {
  it('keeps a number outside min and max as typed, for the form to show its message', async () => {
    render(
      <MantineProvider theme={mantineTheme}>
        <NumberInput label="Weight (kg)" min={0} max={50} />
        <NumberInput label="Quantity" min={1} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Weight (kg)'), '-2');
    await user.type(screen.getByLabelText('Quantity'), '0');
    await user.tab();
    expect(screen.getByLabelText<HTMLInputElement>('Weight (kg)').value).toBe('-2');
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('0');
  });
});
