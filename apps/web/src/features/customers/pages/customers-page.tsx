import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataTable } from '../../../components/data-table.tsx';
import { NewCustomerDialog, useCustomers } from '../../../entities/customers/index.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { customerColumns } from '../components/customer-columns.tsx';

/** /customers: the organisation's customers, paged and searched (name or email) on the server. */
export default function CustomersPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const paging = useKeysetPaging(search);
  const { page, cursor, record } = paging;
  const { data, isFetching } = useCustomers({ page, search, cursor });
  useEffect(() => record(page, data), [record, page, data]);
  const [isAdding, setAdding] = useState(false);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <SearchField value={searchText} onChange={setSearchText} placeholder="Search by name or email" ariaLabel="Search customers" />
        <Button variant="contained" sx={{ ml: { md: 'auto' } }} onClick={() => setAdding(true)}>
          New Customer
        </Button>
      </Stack>
      <DataTable
        ariaLabel="Customers"
        rows={data?.data ?? []}
        columns={customerColumns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        emptyLabel={search ? 'No customers match this search' : "You don't have any customers yet"}
      />
      <NewCustomerDialog isOpen={isAdding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
