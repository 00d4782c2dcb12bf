import { Loader, Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import classes from './status-menu.module.css';
import { StatusTag } from './status-tag';
import { statusTagColor } from './status-tag-colors';

export interface StatusOption {
  value: string;
  label: string;
  tag: string | null | undefined;
}

/**
 * A status tag that opens a menu of statuses to change to. The menu (a popover with its positioning) is only
 * mounted while open, and the closed tag is one plain button (the look of StatusTag, from CSS), so a long table can
 * mount dozens of these a frame while it scrolls; focus returns to the tag on close.
 */
export function StatusMenu({
  current,
  options,
  onChoose,
  pending = false,
  subject,
}: {
  current: StatusOption;
  options: StatusOption[];
  onChoose: (option: StatusOption) => void;
  pending?: boolean;
  /** Whose status this is, for the button's accessible name. */
  subject: string;
}) {
  const [opened, setOpened] = useState(false);
  const wasOpened = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (opened) wasOpened.current = true;
    else if (wasOpened.current) {
      wasOpened.current = false;
      buttonRef.current?.focus();
    }
  }, [opened]);

  const color = statusTagColor(current.tag);
  // One element (and its ::after chevron) while closed: the tag's look comes from the CSS.
  const button = (
    <button
      ref={buttonRef}
      type="button"
      className={`mantine-focus-auto ${classes.tag}`}
      data-tag={current.tag ?? 'none'}
      data-color={color}
      data-pending={pending || undefined}
      aria-label={`Status of ${subject}: ${current.label}. Change status`}
      aria-haspopup="menu"
      aria-expanded={opened}
      disabled={pending}
      onClick={() => setOpened(true)}
    >
      {current.label}
      {pending ? <Loader size={10} className={classes.spinner} /> : null}
    </button>
  );
  if (!opened) return button;
  return (
    <Menu opened onChange={setOpened} position="bottom-start" shadow="md" width={200}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Change status</Menu.Label>
        {options.map((option) => (
          <Menu.Item
            key={option.value}
            disabled={option.value === current.value}
            rightSection={option.value === current.value ? <IconCheck size={14} /> : null}
            onClick={() => onChoose(option)}
          >
            <StatusTag tag={option.tag} label={option.label} />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
