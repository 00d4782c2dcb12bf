import { Avatar, Badge, Box, Menu, Text } from '@mantine/core';
import { IconInbox, IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canSee } from '../../../../lib/roles';
import { useMe } from '../../../../lib/session/get-me';
import { useViewer } from '../../../../lib/session/use-viewer';
import { useOpenedByEarlyPress } from '../../../../lib/use-after-first-input';
import { useLogout } from '../../api/logout';
import classes from './header.module.css';
import { UserMenuButton, useUserName } from './user-menu';

/**
 * The user menu itself (user-menu.tsx draws its button until this has loaded); `initiallyOpened` when the button was
 * pressed before, and then the button takes the focus back.
 */
export default function UserMenuDropdown({
  initiallyOpened,
  initiallyFocused,
}: {
  initiallyOpened: boolean;
  initiallyFocused: boolean;
}) {
  const { data: user } = useMe();
  const { name } = useUserName();
  const { viewer } = useViewer();
  const logout = useLogout();
  const { opened, setOpened, button } = useOpenedByEarlyPress(initiallyOpened, initiallyFocused);
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={250}
      shadow="md"
      radius="md"
      offset={8}
    >
      <Menu.Target>
        <UserMenuButton buttonRef={button} />
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.userHead}>
          <Avatar
            src={user?.imgThumbUrl ?? null}
            name={name || undefined}
            color="initials"
            radius="md"
            size={42}
            alt=""
          />
          <Box miw={0}>
            <Text fw={700} size="sm" truncate>
              {name || 'Signed in'}{' '}
              <Badge size="xs" color="teal" variant="light" ml={2}>
                Pro
              </Badge>
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user?.email ?? ''}
            </Text>
          </Box>
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to="/AccountPages/UserProfile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        {/* Drivers have no inbox (decision 031). */}
        {canSee('admin', viewer) ? (
          <Menu.Item component={Link} to="/apps/mailbox" leftSection={<IconInbox size={16} />}>
            Inbox
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/auth/boxed-lockscreen" leftSection={<IconLock size={16} />}>
          Lock Screen
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
