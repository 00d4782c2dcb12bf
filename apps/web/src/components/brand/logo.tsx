import { Group, Text } from '@mantine/core';
import { BRAND_NAME } from '../../lib/config';

/**
 * The name of a link made of the logo: it holds the visible brand name, so a voice user who says what they see
 * reaches it (WCAG 2.5.3, label in name).
 */
export const HOME_LINK_LABEL = `${BRAND_NAME} home`;

/** The brand mark; `compact` shows the mark alone (small headers). */
export function Logo({ compact = false, size = 32 }: { compact?: boolean; size?: number }) {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" style={{ flexShrink: 0 }}>
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-6)" />
        <path
          d="M7 12.5 16 8l9 4.5v7L16 24l-9-4.5z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path
          d="M7 12.5 16 17l9-4.5M16 17v7"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {compact ? null : (
        <Text component="span" fw={800} fz="xl" lh={1} c="var(--mantine-color-text)">
          {BRAND_NAME}
        </Text>
      )}
    </Group>
  );
}
