import { HEADER_DROPDOWN } from '@courier/contract';
import { ActionIcon, Indicator, Popover, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import classes from './header.module.css';

const PANEL_WIDE_QUERY = '(min-width: 640px)';

/**
 * A header panel (spec section 4 "Header dropdowns"): opens on its button, closes on a press outside; a click
 * inside toggles it, except on controls that stop the click's propagation (dismiss buttons), which keep it open.
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
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  // Mantine puts the width inline on the dropdown, so the breakpoint is read here rather than in CSS.
  const wide = useMediaQuery(PANEL_WIDE_QUERY) ?? false;
  const [crossAxis, mainAxis] = HEADER_DROPDOWN.offset;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      offset={{ mainAxis, crossAxis }}
      shadow="md"
      radius="md"
      width={wide ? widths.wide : widths.narrow}
      withinPortal
    >
      {/* The target is the button itself: on the indicator's div, its aria-expanded was not allowed (axe). */}
      <Indicator disabled={!hasItems} color="red" size={8} offset={6} processing>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            onClick={() => setOpened((o) => !o)}
          >
            {icon}
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown className={classes.panel}>
        <div onClick={close} role="presentation">
          {children(close)}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}

export function EmptyPanel() {
  return (
    <Text c="dimmed" ta="center" py="xl" size="sm">
      {HEADER_DROPDOWN.emptyText}
    </Text>
  );
}
