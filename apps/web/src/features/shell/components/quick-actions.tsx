import { ActionIcon, Affix, Menu, Transition } from '@mantine/core';
import { useHeadroom, useMediaQuery } from '@mantine/hooks';
import { IconBox, IconPlus, IconTruck, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useIsCompanyAdmin } from '../../../lib/session/use-is-company-admin';

const PHONE = '(max-width: 40em)';

/**
 * The easy layout's floating quick-action menu (spec section 2); adding vehicles and drivers is for admins. On a
 * phone it would sit over what is being read (a chart's axis, the status history), so it steps aside while the page
 * scrolls down and comes back when it scrolls up, as phone apps' floating buttons do.
 */
export function QuickActions() {
  const { isAdmin } = useIsCompanyAdmin();
  const phone = useMediaQuery(PHONE, window.matchMedia(PHONE).matches, { getInitialValueInEffect: false });
  const { pinned } = useHeadroom({ fixedAt: 80 });
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Menu position="top-end" shadow="md" width={190} offset={10}>
        <Transition transition="slide-up" mounted={!phone || pinned}>
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
