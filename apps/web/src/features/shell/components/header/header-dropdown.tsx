import { HEADER_DROPDOWN } from '@courier/contract';
import { Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLaterPart } from '../../../../lib/use-after-first-screen';
import { HeaderButton } from './header-button';

// The panel (Popover and floating-ui) loads after the first screen, or at the first press (decision 047).
const HeaderPopover = lazy(() => import('./header-popover'));

/**
 * A header panel (spec section 4 "Header dropdowns"; header-popover.tsx). Until its code has loaded, the same button
 * without the panel: a press then loads it and opens it.
 */
export function HeaderDropdown({
  label,
  icon,
  hasItems,
  widths,
  children,
}: {
  label: string;
  icon: ReactNode;
  hasItems: boolean;
  widths: { narrow: number; wide: number };
  children: (close: () => void) => ReactNode;
}) {
  const { wanted, pressed, press } = useLaterPart();
  const button = <HeaderButton label={label} icon={icon} hasItems={hasItems} onClick={press} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <HeaderPopover label={label} icon={icon} hasItems={hasItems} widths={widths} initiallyOpened={pressed}>
        {children}
      </HeaderPopover>
    </Suspense>
  );
}

export function EmptyPanel() {
  return (
    <Text c="dimmed" ta="center" py="xl" size="sm">
      {HEADER_DROPDOWN.emptyText}
    </Text>
  );
}
