import { FONT_FAMILY } from '@courier/contract';
import { createTheme } from '@mantine/core';

export const mantineTheme = createTheme({
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY, fontWeight: '700' },
  primaryColor: 'indigo',
  defaultRadius: 'md',
  cursorType: 'pointer',
});
