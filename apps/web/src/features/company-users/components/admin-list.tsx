import { displayName } from '@courier/contract';
import { Alert, Avatar, Badge, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/layout/empty-state';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { isApiError } from '../../../lib/errors';
import { useMe } from '../../../lib/session/get-me';
import { COMPANY_ADMIN_ROLE } from '../../../lib/roles';
import { useCompanyUsers } from '../api/list-users';
import { MemberMenu } from './member-menu';
import { MemberStatusBadge } from './member-status-badge';

/** The company's admins with their standing; suspending or removing the last one is refused and said here. */
export function AdminList({ slug }: { slug: string }) {
  const users = useCompanyUsers(slug);
  const me = useMe();
  const [conflict, setConflict] = useState<string | null>(null);
  const admins = Object.values(users.data ?? {})
    .filter((u) => u.roleSlugs.includes(COMPANY_ADMIN_ROLE))
    .sort((a, b) => displayName(a).localeCompare(displayName(b)));
  const onConflict = (error: unknown) => setConflict(isApiError(error, 409) ? error.message : null);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Admins">
      <Title order={2} fz="lg" mb="md">
        Admins
      </Title>
      {conflict ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Not changed"
          mb="md"
          withCloseButton
          onClose={() => setConflict(null)}
          role="alert"
        >
          {conflict}
        </Alert>
      ) : null}
      {users.error ? (
        <QueryError error={users.error} onRetry={users.refetch} title="Could not load the admins" />
      ) : !users.data ? (
        <TableSkeleton rows={3} />
      ) : admins.length === 0 ? (
        <EmptyState icon={IconUserShield} title="No admins" description="Add an admin above." />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Admin</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={60}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {admins.map((user) => (
                <Table.Tr key={user.uuid}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        src={user.imgThumbUrl}
                        name={displayName(user)}
                        color="initials"
                        radius="xl"
                        alt=""
                      />
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={700} truncate>
                          {displayName(user)}{' '}
                          {me.data?.uuid === user.uuid ? (
                            <Badge size="xs" variant="light">
                              You
                            </Badge>
                          ) : null}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {user.email}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.roleSlugs.includes('driver') ? 'Admin, driver' : 'Admin'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <MemberStatusBadge user={user} />
                  </Table.Td>
                  <Table.Td>
                    <MemberMenu slug={slug} user={user} role="company-admin" onConflict={onConflict} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
