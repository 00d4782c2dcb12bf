import { displayName } from '@courier/contract';
import { Button, Group, Pagination, Select, SimpleGrid, Text } from '@mantine/core';
import { IconFilterOff, IconUserPlus, IconUsers, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryError } from '../../../components/list/query-error';
import { SearchInput } from '../../../components/list/search-input';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { NotesDrawer } from '../../../components/notes/notes-drawer';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { DriverInfoDrawer } from '../components/driver-info-drawer';
import { DriverTable } from '../components/driver-table';
import { useDrivers, type DriverRow } from '../hooks/use-drivers';
import { expiryWarnings } from '../utils/expiry';

const PER_PAGE = 25;

function matches(row: DriverRow, needle: string): boolean {
  const { user, info } = row;
  const text = [user.firstname, user.lastname, user.email, info?.licenceNumber, info?.insuranceNumber]
    .concat((user.phoneNumbers ?? []).map((p) => p.phoneNumber))
    .join(' ')
    .toLowerCase();
  return text.includes(needle);
}

function DriverManager() {
  const slug = useScopedCompanySlug();
  const drivers = useDrivers(slug);
  const statuses = useLookup('driverStatuses');
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const [notesFor, setNotesFor] = useState<DriverRow | null>(null);
  const needle = debouncedSearch.toLowerCase();
  const all = drivers.rows ?? [];
  const filtered = all.filter(
    (row) => (!needle || matches(row, needle)) && (!status || row.info?.driverStatusSlug === status),
  );
  const pages = Math.max(1, Math.ceil(filtered.length / PER_PAGE));
  const current = Math.min(page, pages);
  const warnings = all.filter((row) => expiryWarnings(row.info).length > 0).length;
  const editingRow = all.find((row) => row.user.uuid === editing) ?? null;

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {drivers.rows ? `${all.length} ${all.length === 1 ? 'driver' : 'drivers'}` : ' '}
          {warnings > 0 ? ` · ${warnings} with a licence or insurance expiring` : ''}
        </Text>
        <Group gap="xs" style={{ flexShrink: 0 }}>
          <Button
            component={Link}
            to="/DriverAddCompany"
            variant="default"
            leftSection={<IconUserShare size={16} />}
          >
            Add existing user
          </Button>
          <Button component={Link} to="/DriverAdd" leftSection={<IconUserPlus size={16} />}>
            Add driver
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="md" maw={720}>
        <SearchInput
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          label="Search drivers"
          placeholder="Name, e-mail, phone, licence"
        />
        <Select
          aria-label="Filter by status"
          placeholder="Any status"
          data={statuses.options}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
        />
      </SimpleGrid>
      {drivers.isPending ? (
        <TableSkeleton rows={5} height={56} />
      ) : drivers.error ? (
        <QueryError error={drivers.error} onRetry={drivers.refetch} title="Could not load the drivers" />
      ) : all.length === 0 ? (
        <EmptyState
          icon={IconUsers}
          title="No drivers yet"
          description="Add a driver with a new account, or add someone who already has one."
          action={{ label: 'Add a driver', to: '/DriverAdd' }}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={IconFilterOff}
          title="No drivers match"
          description="No driver matches this search and status."
          action={{
            label: 'Clear search and status',
            onClick: () => {
              setSearch('');
              setStatus(null);
            },
          }}
        />
      ) : (
        <>
          <DriverTable
            slug={slug}
            rows={filtered.slice((current - 1) * PER_PAGE, current * PER_PAGE)}
            onEdit={(row) => setEditing(row.user.uuid)}
            onNotes={setNotesFor}
          />
          {pages > 1 ? (
            <Group justify="flex-end" mt="md">
              <Pagination total={pages} value={current} onChange={setPage} size="sm" />
            </Group>
          ) : null}
        </>
      )}
      <DriverInfoDrawer slug={slug} driver={editingRow} onClose={() => setEditing(null)} />
      <NotesDrawer
        noteable={notesFor ? { type: 'drivers', uuid: notesFor.user.uuid } : null}
        title={notesFor ? `Notes on ${displayName(notesFor.user)}` : ''}
        onClose={() => setNotesFor(null)}
      />
    </>
  );
}

/** /DriversManage: the company's drivers, their status, licence and insurance, and membership. */
export default function DriversManagePage() {
  return (
    <>
      <PageHeader
        title="Manage Drivers"
        description="Status, licence and insurance of every driver; a warning 30 days before anything expires."
      />
      <AdminGate what="manage drivers">
        <DriverManager />
      </AdminGate>
    </>
  );
}
