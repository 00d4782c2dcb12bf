import { displayName, type CompanyRoleSlug, type CompanyUser } from '@courier/contract';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconMailForward,
  IconPlayerPause,
  IconPlayerPlay,
  IconUserMinus,
} from '@tabler/icons-react';
import { confirmDanger } from '../../../components/list/confirm';
import { useRemoveUser } from '../api/remove-user';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateUserStatus } from '../api/update-user-status';

/**
 * Suspend or reactivate a member, or remove them from one role (drivers, admins), each behind a confirmation; send
 * an invited member a new link. `onConflict` hears the server's 409s (the last admin, a link sent a moment ago), so
 * the screen can explain them in place.
 */
export function MemberMenu({
  slug,
  user,
  role,
  extraItems,
  onConflict,
}: {
  slug: string;
  user: CompanyUser;
  role: CompanyRoleSlug;
  extraItems?: React.ReactNode;
  onConflict?: (error: unknown) => void;
}) {
  const status = useUpdateUserStatus(slug);
  const remove = useRemoveUser(slug);
  const resend = useResendInvitation(slug);
  const name = displayName(user);
  const suspended = user.memberStatus === 'suspended';
  const roleName = role === 'driver' ? 'drivers' : 'admins';
  const onError = (error: unknown) => onConflict?.(error);
  const toggle = () => {
    if (suspended) {
      status.mutate({ userId: user.uuid, status: 'active' }, { onError });
      return;
    }
    confirmDanger({
      title: `Suspend ${name}?`,
      message: `${name} will not be able to work in your company until reactivated. Nothing is deleted.`,
      confirmLabel: 'Suspend',
      onConfirm: () => status.mutate({ userId: user.uuid, status: 'suspended' }, { onError }),
    });
  };
  const askRemove = () =>
    confirmDanger({
      title: `Remove ${name}?`,
      message: `${name} will be removed from your ${roleName}. Their account stays, and you can add them again later.`,
      confirmLabel: `Remove from ${roleName}`,
      onConfirm: () => remove.mutate({ userId: user.uuid, name, role }, { onError }),
    });
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`More actions for ${name}`}
          loading={status.isPending || remove.isPending || resend.isPending}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {extraItems}
        {user.pendingInvitation ? (
          <Menu.Item
            leftSection={<IconMailForward size={16} />}
            onClick={() => resend.mutate({ userId: user.uuid, email: user.email }, { onError })}
          >
            Send the invitation again
          </Menu.Item>
        ) : null}
        <Menu.Item
          leftSection={suspended ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
          onClick={toggle}
        >
          {suspended ? 'Reactivate' : 'Suspend'}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={askRemove}>
          Remove from {roleName}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
