import { FONT_FAMILY } from '@courier/contract';
import { createTheme, type NumberInputProps } from '@mantine/core';

export const mantineTheme = createTheme({
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY, fontWeight: '700' },
  primaryColor: 'indigo',
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A number outside min or max stays as typed, so the form shows the contract's message for it ("Weight
    // cannot be negative"). Mantine's default clamps it on blur: -2 kg was silently sent as 0.
    // Written as the plain object `NumberInput.extend` answers: the theme is on every first load, NumberInput is not.
    NumberInput: { defaultProps: { clampBehavior: 'none' } satisfies Partial<NumberInputProps> },
  },
});
