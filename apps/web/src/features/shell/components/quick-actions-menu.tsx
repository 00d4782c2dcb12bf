import { ActionIcon, Menu, Transition } from '@mantine/core';
import { IconBox, IconPlus, IconTruck, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useIsCompanyAdmin } from '../../../lib/session/use-is-company-admin';
import { useOpenedByEarlyPress } from '../../../lib/use-after-first-input';

/**
 * The quick-action menu itself (quick-actions.tsx draws its button until this has loaded); `initiallyOpened` when
 * the button was pressed before, and then the button takes the focus back.
 */
export default function QuickActionsMenu({
  shown,
  initiallyOpened,
  initiallyFocused,
}: {
  shown: boolean;
  initiallyOpened: boolean;
  initiallyFocused: boolean;
}) {
  const { isAdmin } = useIsCompanyAdmin();
  const { opened, setOpened, button } = useOpenedByEarlyPress(initiallyOpened, initiallyFocused);
  return (
    <Menu opened={opened} onChange={setOpened} position="top-end" shadow="md" width={190} offset={10}>
      <Transition transition="slide-up" mounted={shown}>
        {(styles) => (
          <Menu.Target>
            <ActionIcon
              ref={button}
              style={styles}
              size={52}
              radius="xl"
              aria-label="Quick actions"
              variant="filled"
            >
              <IconPlus size={26} />
            </ActionIcon>
          </Menu.Target>
        )}
      </Transition>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/DeliveryAddEasy" leftSection={<IconBox size={16} />}>
          Add Parcel
        </Menu.Item>
        {isAdmin ? (
          <>
            <Menu.Item component={Link} to="/VehicleAdd" leftSection={<IconTruck size={16} />}>
              Add Vehicle
            </Menu.Item>
            <Menu.Item component={Link} to="/DriverAdd" leftSection={<IconUserPlus size={16} />}>
              Add Driver
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
