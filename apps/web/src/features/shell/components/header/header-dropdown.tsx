import { HEADER_DROPDOWN } from '@courier/contract';
import { Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { laterPart, useLaterPart } from '../../../../lib/use-after-first-input';
import { HeaderButton } from './header-button';

// The panel (Popover and floating-ui) loads at the user's first input, or at the first press (decisions 047, 050).
const HeaderPopover = lazy(laterPart(() => import('./header-popover')));

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
  const { wanted, pressed, press, focused, focusProps } = useLaterPart();
  const button = (
    <HeaderButton label={label} icon={icon} hasItems={hasItems} onClick={press} focusProps={focusProps} />
  );
  return (
    <Suspense fallback={button}>
      {!wanted ? (
        button
      ) : (
        <HeaderPopover
          label={label}
          icon={icon}
          hasItems={hasItems}
          widths={widths}
          initiallyOpened={pressed}
          initiallyFocused={focused}
        >
          {children}
        </HeaderPopover>
      )}
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
