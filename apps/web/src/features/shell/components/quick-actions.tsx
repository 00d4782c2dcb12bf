import { ActionIcon, Affix, Menu, Transition } from '@mantine/core';
import { IconBox, IconPlus, IconTruck, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useIsCompanyAdmin } from '../../../lib/session/use-is-company-admin';

/**
 * The easy layout's floating quick-action menu (spec section 2); adding vehicles and drivers is for admins. `shown`
 * comes from the shell (on a phone it steps aside while the page scrolls down).
 */
export function QuickActions({ shown }: { shown: boolean }) {
  const { isAdmin } = useIsCompanyAdmin();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Menu position="top-end" shadow="md" width={190} offset={10}>
        <Transition transition="slide-up" mounted={shown}>
          {(styles) => (
            <Menu.Target>
              <ActionIcon style={styles} size={52} radius="xl" aria-label="Quick actions" variant="filled">
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
    </Affix>
  );
}
