import type { DirectoryAddress } from '@courier/contract';
import { Table, Text } from '@mantine/core';
import { PlaceStatusBadge } from '../../../components/address-search/place-status-badge';
import { RowActions } from './row-actions';

export const addressName = (a: DirectoryAddress) => a.label ?? a.line1;

/** Directory addresses: label, street, city, postcode, country, and whether and where they are on the map. */
export function AddressTable({
  addresses,
  onEdit,
  onDelete,
}: {
  addresses: DirectoryAddress[];
  onEdit: (a: DirectoryAddress) => void;
  onDelete: (a: DirectoryAddress) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Addresses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Label</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Postcode</Table.Th>
            <Table.Th>Country</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th w={90} ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {addresses.map((a) => (
            <Table.Tr key={a.uuid}>
              <Table.Td>
                <Text size="sm" fw={700}>
                  {a.label ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{[a.line1, a.line2, a.line3].filter(Boolean).join(', ')}</Text>
                <Text size="xs" c="dimmed">
                  {[a.city, a.county].filter(Boolean).join(', ')}
                </Text>
                {/* Beside the address rather than in the last columns: seen without scrolling on a phone. */}
                <PlaceStatusBadge status={a.placeStatus} mt={4} />
              </Table.Td>
              <Table.Td>{a.postcode}</Table.Td>
              <Table.Td>{a.countryCode}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" c={a.location ? undefined : 'dimmed'}>
                  {a.location ? `${a.location.lat.toFixed(4)}, ${a.location.lng.toFixed(4)}` : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions name={addressName(a)} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
