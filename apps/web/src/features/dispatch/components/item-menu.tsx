import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconLock,
  IconLockOpen,
  IconUserMinus,
  IconUserShare,
} from '@tabler/icons-react';

export interface ItemActions {
  onMoveToDriver?: (() => void) | undefined;
  onMoveUp?: (() => void) | undefined;
  onMoveDown?: (() => void) | undefined;
  onToggleLock?: (() => void) | undefined;
  locked?: boolean;
  onUnassign?: (() => void) | undefined;
}

/**
 * The keyboard's and the finger's way of doing what dragging does, on each stop and delivery: move the delivery to
 * a driver, the stop up or down its route, lock it, or take the delivery off the route.
 */
export function ItemMenu({
  label,
  disabled = false,
  actions,
}: {
  /** Names the item in the button's accessible name: "Actions for Order 12 pickup". */
  label: string;
  disabled?: boolean;
  actions: ItemActions;
}) {
  const { onMoveToDriver, onMoveUp, onMoveDown, onToggleLock, locked, onUnassign } = actions;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`} disabled={disabled}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onMoveToDriver ? (
          <Menu.Item leftSection={<IconUserShare size={16} />} onClick={onMoveToDriver}>
            Move to driver…
          </Menu.Item>
        ) : null}
        {onMoveUp ? (
          <Menu.Item leftSection={<IconArrowUp size={16} />} onClick={onMoveUp}>
            Move up
          </Menu.Item>
        ) : null}
        {onMoveDown ? (
          <Menu.Item leftSection={<IconArrowDown size={16} />} onClick={onMoveDown}>
            Move down
          </Menu.Item>
        ) : null}
        {onToggleLock ? (
          <Menu.Item
            leftSection={locked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            onClick={onToggleLock}
          >
            {locked ? 'Unlock' : 'Lock in place'}
          </Menu.Item>
        ) : null}
        {onUnassign ? (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={onUnassign}>
              Unassign
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
