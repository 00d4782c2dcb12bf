import { FONT_FAMILY } from '@courier/contract';
import { createTheme, NumberInput } from '@mantine/core';

export const mantineTheme = createTheme({
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY, fontWeight: '700' },
  primaryColor: 'indigo',
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A number outside min or max stays as typed, so the form shows the contract's message for it ("Weight
    // cannot be negative"). Mantine's default clamps it on blur: -2 kg was silently sent as 0.
    NumberInput: NumberInput.extend({ defaultProps: { clampBehavior: 'none' } }),
  },
});
