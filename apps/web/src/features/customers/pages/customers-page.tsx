import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataTable } from '../../../components/data-table.tsx';
import { ListFilterBar } from '../../../components/list-filter-bar.tsx';
import { downloadCustomersReport, NewCustomerDialog, useCustomers } from '../../../entities/customers/index.ts';
import { ViewsMenu } from '../../../entities/saved-views/index.ts';
import { useListFilters } from '../../../lib/list-filters.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { customerColumns } from '../components/customer-columns.tsx';

const FILTER_KEYS = ['search', 'created_from', 'created_to'] as const;

/**
 * /customers: the organisation's customers, paged on the server, searched (name or email) and
 * filtered by days created, all in the URL so a reload, a shared link or a saved view shows the
 * same list; Export CSV downloads every customer the filters match.
 */
export default function CustomersPage() {
  const { filters, setFilters, showQuery, params } = useListFilters(FILTER_KEYS);
  const { search = '', created_from, created_to } = filters;
  const paging = useKeysetPaging(params.toString());
  const { page, cursor, record } = paging;
  const { data, isFetching } = useCustomers({ page, search, cursor, days: { created_from, created_to } });
  useEffect(() => record(page, data), [record, page, data]);
  const [isAdding, setAdding] = useState(false);
  const isFiltered = Object.keys(filters).length > 0;

  return (
    <Stack spacing={2}>
      <ListFilterBar
        filters={filters}
        onChange={setFilters}
        dates
        search={{ placeholder: 'Search by name or email', ariaLabel: 'Search customers' }}
      >
        <ViewsMenu list="customers" query={params.toString()} onPick={showQuery} />
      </ListFilterBar>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="text" onClick={() => void downloadCustomersReport(filters).catch((error: unknown) => notifyFailure(error))}>
          Export CSV
        </Button>
        <Button variant="contained" onClick={() => setAdding(true)}>
          New Customer
        </Button>
      </Stack>
      <DataTable
        ariaLabel="Customers"
        rows={data?.data ?? []}
        columns={customerColumns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        emptyLabel={isFiltered ? 'No customers match these filters' : "You don't have any customers yet"}
      />
      <NewCustomerDialog isOpen={isAdding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
