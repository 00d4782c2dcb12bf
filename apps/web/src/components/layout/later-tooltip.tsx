import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { laterPart, useAfterFirstInput } from '../../lib/use-after-first-input';

// Tooltip and floating-ui load at the first input (decisions 047, 050): the very first hover, which loads them, shows
// no tooltip.
const Tooltip = lazy(laterPart(() => import('./tooltip-now')));

/** Mantine's Tooltip once the user has done anything on the page; its target alone until then. */
export function LaterTooltip({ children, ...props }: TooltipProps) {
  const ready = useAfterFirstInput();
  // One Suspense from the start: the switch comes in a transition (useAfterFirstInput), so the target stays the same
  // element until Tooltip's code is there.
  return (
    <Suspense fallback={children}>{ready ? <Tooltip {...props}>{children}</Tooltip> : children}</Suspense>
  );
}
