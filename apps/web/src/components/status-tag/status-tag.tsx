import { Badge, type BadgeProps } from '@mantine/core';
import { forwardRef } from 'react';
import { statusTagColor } from './status-tag-colors';

export interface StatusTagProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** The colour tag of the status (contract STATUS_TAGS). */
  tag: string | null | undefined;
  label: string;
}

/**
 * A vehicle or driver status in its spec colour. `data-tag` and `data-color` carry the tag and the theme colour so
 * tests and styles can read them without parsing CSS.
 */
export const StatusTag = forwardRef<HTMLDivElement, StatusTagProps>(function StatusTag(
  { tag, label, ...props },
  ref,
) {
  const color = statusTagColor(tag);
  return (
    <Badge
      ref={ref}
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      data-tag={tag ?? 'none'}
      data-color={color}
      {...props}
    >
      {label}
    </Badge>
  );
});
