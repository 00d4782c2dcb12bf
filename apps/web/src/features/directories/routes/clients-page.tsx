import { CLIENT_CSV_COLUMNS, type Client } from '@courier/contract';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { confirmDanger } from '../../../components/list/confirm';
import { PagedListBody } from '../../../components/list/paged-list-body';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useDeleteClient } from '../api/delete-client';
import { useClients } from '../api/list-clients';
import { ClientFormModal } from '../components/client-form-modal';
import { ClientTable } from '../components/client-table';
import { DirectoryToolbar } from '../components/directory-toolbar';
import { CsvImportModal, type ImportKind } from '../components/import/csv-import-modal';

const PER_PAGE = 25;
const IMPORT: ImportKind = {
  kind: 'clients',
  noun: 'clients',
  columns: CLIENT_CSV_COLUMNS,
  example: {
    companyName: 'Acme Flowers Ltd',
    email: 'orders@acme.test',
    phoneNumber: '+44 20 7946 0000',
    notes: 'Deliveries before 10am',
    contactFirstname: 'Jane',
    contactLastname: 'Smith',
    contactEmail: 'jane@acme.test',
    contactPhoneNumber: '+44 7700 900000',
  },
  // The one contact of a row is the client's first: "contacts.0.lastname" is the column contactLastname.
  columnOf: (key) =>
    key.replace(/^contacts\.\d+\.(\w)/, (_, first: string) => `contact${first.toUpperCase()}`),
};

function ClientDirectory() {
  const slug = useScopedCompanySlug();
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ client: Client | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const clients = useClients(slug, { search: debouncedSearch || undefined, page, per_page: PER_PAGE });
  const remove = useDeleteClient(slug);
  const rows = clients.data?.data ?? [];
  const askDelete = (client: Client) =>
    confirmDanger({
      title: 'Delete this client?',
      message: `${client.companyName} and its ${client.contacts.length} contacts will be deleted.`,
      confirmLabel: 'Delete client',
      onConfirm: () =>
        remove.mutate(client, { onSuccess: () => rows.length === 1 && page > 1 && setPage(page - 1) }),
    });
  return (
    <>
      <DirectoryToolbar
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        searchLabel="Search clients"
        placeholder="Company, contact or e-mail"
        addLabel="Add client"
        onAdd={() => setEditing({ client: null })}
        onImport={() => setImporting(true)}
      />
      <PagedListBody
        query={clients}
        search={debouncedSearch}
        onClearSearch={() => setSearch('')}
        noun="client"
        errorTitle="Could not load the clients"
        empty={{
          icon: IconAddressBook,
          title: 'No clients yet',
          description:
            'Add the companies you deliver for, with their contact people, one by one or from a CSV file.',
          action: { label: 'Add a client', onClick: () => setEditing({ client: null }) },
        }}
        onPage={setPage}
      >
        <ClientTable clients={rows} onEdit={(client) => setEditing({ client })} onDelete={askDelete} />
      </PagedListBody>
      <ClientFormModal slug={slug} state={editing} onClose={() => setEditing(null)} />
      <CsvImportModal slug={slug} config={IMPORT} opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}

/** /Clients: the companies the company delivers for, with contacts; search, pages and CSV import. */
export default function ClientsPage() {
  return (
    <>
      <PageHeader
        title="Clients"
        description="The companies you deliver for, and the people to contact there."
      />
      <AdminGate what="manage clients">
        <ClientDirectory />
      </AdminGate>
    </>
  );
}
