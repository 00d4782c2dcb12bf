import { displayName } from '@courier/contract';
import { Avatar, Group, Menu, Stack, Table, Text, ActionIcon, Tooltip } from '@mantine/core';
import { IconId, IconNotes } from '@tabler/icons-react';
import type { DriverRow } from '../hooks/use-drivers';
import { DriverStatusMenu } from './driver-status-menu';
import { ExpiryBadge } from './expiry-badge';
import { MemberMenu } from './member-menu';
import { MemberStatusBadge } from './member-status-badge';

function Credential({
  number,
  kind,
  expiresAt,
}: {
  number: string | undefined;
  kind: 'licence' | 'insurance';
  expiresAt: string | null | undefined;
}) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" ff="monospace">
        {number || '—'}
      </Text>
      <ExpiryBadge kind={kind} expiresAt={expiresAt} />
    </Stack>
  );
}

/** Drivers with status, licence and insurance (warning before expiry), membership and actions. */
export function DriverTable({
  slug,
  rows,
  onEdit,
  onNotes,
}: {
  slug: string;
  rows: DriverRow[];
  onEdit: (row: DriverRow) => void;
  onNotes: (row: DriverRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Driver</Table.Th>
            <Table.Th miw={150}>Status</Table.Th>
            <Table.Th miw={180}>Licence</Table.Th>
            <Table.Th miw={180}>Insurance</Table.Th>
            <Table.Th>Membership</Table.Th>
            <Table.Th w={130}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const { user, info } = row;
            const name = displayName(user);
            const phone =
              user.phoneNumbers?.find((p) => p.isPrimary)?.phoneNumber ?? user.phoneNumbers?.[0]?.phoneNumber;
            return (
              <Table.Tr key={user.uuid} data-driver-uuid={user.uuid}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={user.imgThumbUrl} name={name} color="initials" radius="xl" alt="" />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={700} truncate>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {user.email}
                        {phone ? ` · ${phone}` : ''}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <DriverStatusMenu slug={slug} driver={row} />
                </Table.Td>
                <Table.Td>
                  <Credential
                    number={info?.licenceNumber}
                    kind="licence"
                    expiresAt={info?.licenceExpiresAt}
                  />
                </Table.Td>
                <Table.Td>
                  <Credential
                    number={info?.insuranceNumber}
                    kind="insurance"
                    expiresAt={info?.insuranceExpiresAt}
                  />
                </Table.Td>
                <Table.Td>
                  <MemberStatusBadge user={user} />
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label="Licence, insurance and documents">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit details of ${name}`}
                        onClick={() => onEdit(row)}
                      >
                        <IconId size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Notes">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Notes on ${name}`}
                        onClick={() => onNotes(row)}
                      >
                        <IconNotes size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <MemberMenu
                      slug={slug}
                      user={user}
                      role="driver"
                      extraItems={
                        <Menu.Item leftSection={<IconId size={16} />} onClick={() => onEdit(row)}>
                          Licence, insurance and documents
                        </Menu.Item>
                      }
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
