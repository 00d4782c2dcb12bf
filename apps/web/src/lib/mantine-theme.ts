import { FONT_FAMILY } from '@courier/contract/plain';
import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  type MantineTheme,
  type NotificationProps,
  type NumberInputProps,
  type PaginationProps,
} from '@mantine/core';

/**
 * Every colour pair the theme hands out meets WCAG AA (4.5:1 for text, decision 041); Mantine's defaults miss it in
 * a few places, each moved here rather than in the screens:
 * - filled buttons and links take indigo 7 (white on indigo 6 is 4.3:1);
 * - dimmed text and placeholders take gray 7 on light and dark 1 on dark (gray 6 on white is 3.3:1);
 * - the light variant's text (badges, tags) is its colour's shade 9 darkened 30% (orange 9 on orange 1 is 3.6:1);
 * - a filled badge or button picks black or white text by its background (autoContrast), so teal gets black.
 */
const LIGHT_TEXT_DARKEN = 0.3;

const PAGE_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export const cssVariablesResolver: CSSVariablesResolver = (theme: MantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], LIGHT_TEXT_DARKEN),
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});

export const mantineTheme = createTheme({
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY, fontWeight: '700' },
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A number outside min or max stays as typed, so the form shows the contract's message for it ("Weight
    // cannot be negative"). Mantine's default clamps it on blur: -2 kg was silently sent as 0.
    // Written as the plain objects `X.extend` answers: the theme is on every first load, these components are not
    // (decision 042).
    NumberInput: { defaultProps: { clampBehavior: 'none' } satisfies Partial<NumberInputProps> },
    // Mantine's close button and page arrows are icons with no name.
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        // Under a title, Mantine greys the message with gray 6 (3.3:1 on white): the theme's dimmed colour instead.
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      } satisfies Partial<NotificationProps>,
    },
    Pagination: {
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] }),
      } satisfies Partial<PaginationProps>,
    },
  },
});
