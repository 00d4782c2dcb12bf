import { HEADER_DROPDOWN } from '@courier/contract';
import { Popover } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode } from 'react';
import { useOpenedByEarlyPress } from '../../../../lib/use-after-first-input';
import { HeaderButton } from './header-button';
import classes from './header.module.css';

const PANEL_WIDE_QUERY = '(min-width: 640px)';

/**
 * A header panel (spec section 4 "Header dropdowns"): opens on its button, closes on a press outside; a click
 * inside toggles it, except on controls that stop the click's propagation (dismiss buttons), which keep it open.
 * Loaded at the user's first input (header-dropdown.tsx); `initiallyOpened` when its button was pressed before,
 * `initiallyFocused` when it had the focus, and then the button takes the focus back.
 */
export default function HeaderPopover({
  label,
  icon,
  hasItems,
  widths,
  initiallyOpened,
  initiallyFocused,
  children,
}: {
  label: string;
  icon: ReactNode;
  hasItems: boolean;
  widths: { narrow: number; wide: number };
  initiallyOpened: boolean;
  initiallyFocused: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const { opened, setOpened, button } = useOpenedByEarlyPress(initiallyOpened, initiallyFocused);
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
      <HeaderButton
        label={label}
        icon={icon}
        hasItems={hasItems}
        onClick={() => setOpened((o) => !o)}
        buttonRef={button}
        wrap={(target) => <Popover.Target>{target}</Popover.Target>}
      />
      <Popover.Dropdown className={classes.panel}>
        <div onClick={close} role="presentation">
          {children(close)}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
