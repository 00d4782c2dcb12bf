import { displayName } from '@courier/contract';
import { Avatar, Badge, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconInbox, IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMe } from '../../../../lib/session/get-me';
import { useLogout } from '../../api/logout';
import classes from './header.module.css';

export function UserMenu() {
  const { data: user } = useMe();
  const logout = useLogout();
  const name = user ? displayName(user) : '';
  return (
    <Menu position="bottom-end" width={250} shadow="md" radius="md" offset={8}>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" ml={4}>
          <Avatar
            src={user?.imgThumbUrl ?? null}
            name={name || undefined}
            color="initials"
            radius="xl"
            size={36}
            alt={name}
            // The initials are a picture of the user, not the button's name ("User menu").
            aria-hidden
          />
        </UnstyledButton>
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
        <Menu.Item component={Link} to="/apps/mailbox" leftSection={<IconInbox size={16} />}>
          Inbox
        </Menu.Item>
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
