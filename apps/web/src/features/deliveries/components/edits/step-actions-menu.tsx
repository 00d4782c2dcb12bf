import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPackage, IconTruckLoading, IconTruckReturn, IconUserPlus } from '@tabler/icons-react';
import type { AddedTaskKind } from '../../api/add-task-to-step';

/** What can be added to one step: a pickup or dropoff task straight away, or a contact or parcel in a dialog. */
export function StepActionsMenu({
  stepNumber,
  disabled,
  onAddTask,
  onAddContact,
  onAddParcel,
}: {
  stepNumber: number;
  disabled: boolean;
  onAddTask: (kind: AddedTaskKind) => void;
  onAddContact: () => void;
  onAddParcel: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Step ${stepNumber} actions`}
          disabled={disabled}
          size="lg"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconTruckLoading size={16} />} onClick={() => onAddTask('pickup')}>
          Add a pickup task
        </Menu.Item>
        <Menu.Item leftSection={<IconTruckReturn size={16} />} onClick={() => onAddTask('dropoff')}>
          Add a dropoff task
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={onAddContact}>
          Add a contact…
        </Menu.Item>
        <Menu.Item leftSection={<IconPackage size={16} />} onClick={onAddParcel}>
          Add a parcel…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
