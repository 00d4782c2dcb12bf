import { Box, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { focusTargetClass } from '../../../../components/layout/skip-link';

export const IMPORT_STEPS = 4;

/**
 * A step's heading. After a move between steps it takes the focus, so the keyboard and a screen reader start at the
 * new step rather than on a button that is gone.
 */
export function StepTitle({ step, title, focus }: { step: number; title: string; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        Step {step} of {IMPORT_STEPS}
      </Text>
      <Title order={2} fz="lg" ref={ref} tabIndex={-1} className={focusTargetClass}>
        {title}
      </Title>
    </div>
  );
}

/**
 * A table wider than a phone, scrolled sideways within the page. The region takes the focus, so the keyboard can
 * scroll it with the arrow keys.
 */
export function ScrollRegion({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
