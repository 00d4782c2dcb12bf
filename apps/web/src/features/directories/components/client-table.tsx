import { displayName, type Client } from '@courier/contract';
import { Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { RowActions } from './row-actions';

/** Clients with their main e-mail and phone and their contact people. */
export function ClientTable({
  clients,
  onEdit,
  onDelete,
}: {
  clients: Client[];
  onEdit: (c: Client) => void;
  onDelete: (c: Client) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Clients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Contacts</Table.Th>
            <Table.Th w={90} ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => {
            const [first, ...rest] = client.contacts;
            return (
              <Table.Tr key={client.uuid}>
                <Table.Td>
                  <Text size="sm" fw={700}>
                    {client.companyName}
                  </Text>
                  {client.notes ? (
                    <Text size="xs" c="dimmed" lineClamp={1} maw={280}>
                      {client.notes}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{client.email ?? '—'}</Table.Td>
                <Table.Td>{client.phoneNumber ?? '—'}</Table.Td>
                <Table.Td>
                  {first ? (
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm">{displayName(first)}</Text>
                      {rest.length > 0 ? (
                        <Tooltip label={rest.map((c) => displayName(c)).join(', ')}>
                          <Badge variant="light" color="gray" size="sm">
                            +{rest.length}
                          </Badge>
                        </Tooltip>
                      ) : null}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <RowActions
                    name={client.companyName}
                    onEdit={() => onEdit(client)}
                    onDelete={() => onDelete(client)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
