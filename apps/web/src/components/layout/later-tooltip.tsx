import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useAfterFirstScreen } from '../../lib/use-after-first-screen';

// Tooltip and floating-ui load after the first screen (decision 047): a hover in the first second shows no tooltip.
const Tooltip = lazy(() => import('./tooltip-now'));

/** Mantine's Tooltip once the first screen is up; its target alone until then. */
export function LaterTooltip({ children, ...props }: TooltipProps) {
  const ready = useAfterFirstScreen();
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
