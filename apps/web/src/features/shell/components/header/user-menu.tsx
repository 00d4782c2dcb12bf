import { displayName } from '@courier/contract';
import { Avatar, Badge, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconInbox, IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canSee } from '../../../../lib/roles';
import { useMe } from '../../../../lib/session/get-me';
import { useViewer } from '../../../../lib/session/use-viewer';
import { useLogout } from '../../api/logout';
import classes from './header.module.css';

export function UserMenu() {
  const { data: user } = useMe();
  const { viewer } = useViewer();
  const logout = useLogout();
  const name = user ? displayName(user) : '';
  const initials = initialsOf(name);
  return (
    <Menu position="bottom-end" width={250} shadow="md" radius="md" offset={8}>
      <Menu.Target>
        {/* The name holds the initials the button shows (WCAG 2.5.3: speech users say what they see). */}
        <UnstyledButton aria-label={initials ? `User menu, ${initials}` : 'User menu'} ml={4}>
          <Avatar
            src={user?.imgThumbUrl ?? null}
            name={name || undefined}
            color="initials"
            radius="xl"
            size={36}
            alt=""
          >
            {initials || null}
          </Avatar>
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

/** The avatar's initials, as Mantine draws them from a name: the first letters of the first two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
    .toUpperCase();
}
