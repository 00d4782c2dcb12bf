import { ADDRESS_CSV_COLUMNS, type DirectoryAddress } from '@courier/contract';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { confirmDanger } from '../../../components/list/confirm';
import { PagedListBody } from '../../../components/list/paged-list-body';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/list-addresses';
import { AddressFormModal } from '../components/address-form-modal';
import { AddressTable, addressName } from '../components/address-table';
import { DirectoryToolbar } from '../components/directory-toolbar';
import { CsvImportModal, type ImportKind } from '../components/import/csv-import-modal';

const PER_PAGE = 25;
const IMPORT: ImportKind = {
  kind: 'addresses',
  noun: 'addresses',
  columns: ADDRESS_CSV_COLUMNS,
  example: {
    label: 'Head office',
    line1: '1 Poultry',
    line2: '',
    line3: '',
    city: 'London',
    county: 'Greater London',
    postcode: 'EC2R 8EJ',
    countryCode: 'GB',
    lat: '51.5134',
    lng: '-0.0906',
  },
};

function AddressDirectory() {
  const slug = useScopedCompanySlug();
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ address: DirectoryAddress | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const addresses = useAddresses(slug, { search: debouncedSearch || undefined, page, per_page: PER_PAGE });
  const remove = useDeleteAddress(slug);
  const rows = addresses.data?.data ?? [];
  const askDelete = (address: DirectoryAddress) =>
    confirmDanger({
      title: 'Delete this address?',
      message: `${addressName(address)} (${address.postcode}) will be deleted from the directory.`,
      confirmLabel: 'Delete address',
      onConfirm: () =>
        remove.mutate(address, { onSuccess: () => rows.length === 1 && page > 1 && setPage(page - 1) }),
    });
  return (
    <>
      <DirectoryToolbar
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        searchLabel="Search addresses"
        placeholder="Label, street, city or postcode"
        addLabel="Add address"
        onAdd={() => setEditing({ address: null })}
        onImport={() => setImporting(true)}
      />
      <PagedListBody
        query={addresses}
        search={debouncedSearch}
        onClearSearch={() => setSearch('')}
        noun="address"
        errorTitle="Could not load the addresses"
        empty={{
          icon: IconMapPin,
          title: 'No saved addresses',
          description:
            'Keep the pickup and drop-off addresses you use often, typed in or imported from a CSV file.',
          action: { label: 'Add an address', onClick: () => setEditing({ address: null }) },
        }}
        onPage={setPage}
      >
        <AddressTable addresses={rows} onEdit={(address) => setEditing({ address })} onDelete={askDelete} />
      </PagedListBody>
      <AddressFormModal slug={slug} state={editing} onClose={() => setEditing(null)} />
      <CsvImportModal slug={slug} config={IMPORT} opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}

/** /Addresses: the company's address directory (spec Address with location); search, pages and CSV import. */
export default function AddressesPage() {
  return (
    <>
      <PageHeader
        title="Addresses"
        description="Pickup and drop-off addresses you use often, with their place on the map."
      />
      <AdminGate what="manage the address directory">
        <AddressDirectory />
      </AdminGate>
    </>
  );
}
