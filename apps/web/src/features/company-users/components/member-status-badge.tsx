import type { CompanyUser } from '@courier/contract';
import { Badge, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import { formatDate, formatDateTime } from '../../../lib/date-format';

/**
 * A member's standing: active, suspended, or invited (decision 032: has not chosen a password yet, so cannot sign
 * in), with when the link was sent and whether it has run out.
 */
export function MemberStatusBadge({ user }: { user: CompanyUser }) {
  const invitation = user.pendingInvitation;
  if (invitation) {
    const expired = dayjs(invitation.expiresAt).isBefore(dayjs());
    return (
      <Tooltip
        label={
          expired
            ? `The invitation sent ${formatDate(invitation.sentAt)} has expired: send it again.`
            : `Invitation sent ${formatDateTime(invitation.sentAt)}; they have not chosen a password yet.`
        }
      >
        <Badge variant="dot" color={expired ? 'red' : 'orange'} tt="none" tabIndex={0}>
          {expired ? 'Invitation expired' : 'Invited'}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Badge variant="dot" color={user.memberStatus === 'active' ? 'teal' : 'gray'} tt="none">
      {user.memberStatus === 'active' ? 'Active' : 'Suspended'}
    </Badge>
  );
}
