import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import Paper from '@mui/material/Paper';
import type { ContractRecord } from '@crewpay/core';
import { ContractStatusChip } from '../../../entities/contracts/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useMyContracts } from '../api/portal.ts';

const columnsFor = (isCustomer: boolean): GridColDef<ContractRecord>[] => [
  {
    field: 'title',
    headerName: 'Title',
    flex: 1.3,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/creator/contracts/${row.id}`}>
        {row.title}
      </Link>
    ),
  },
  {
    field: 'payment',
    headerName: 'Payment',
    width: 120,
    sortable: false,
    // A customer has no Payments page (that is the creator's side): their money is in Invoices.
    renderCell: () =>
      isCustomer ? (
        <Link component={RouterLink} to="/creator/invoices">
          Invoices
        </Link>
      ) : (
        <Link component={RouterLink} to="/creator/payments">
          Payments
        </Link>
      ),
  },
  { field: 'org_name', headerName: 'Company', flex: 1, minWidth: 150 },
  {
    field: 'display_status',
    headerName: 'Status',
    width: 110,
    renderCell: ({ row }) => <ContractStatusChip status={row.display_status} />,
  },
  {
    field: 'signature_date',
    headerName: 'Date signed',
    width: 130,
    valueFormatter: (value: string | null) => (value ? formatDate(value) : '-'),
  },
];

/** /creator/contracts: the signed-in recipient's contracts, 5 rows a page (spec section 9). */
export default function PortalContractsPage() {
  const { data, isFetching } = useMyContracts();
  const { data: viewer } = useCurrentUser();
  const columns = columnsFor(viewer?.role === 'customer');
  const [paging, setPaging] = useState({ page: 0, pageSize: 5 });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Contracts
      </Typography>
      <Paper variant="outlined">
        <DataGrid
          aria-label="My contracts"
          rows={data?.data ?? []}
          columns={columns}
          loading={isFetching && !data}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={[5]}
          disableRowSelectionOnClick
          autoHeight
          localeText={{ noRowsLabel: 'No contracts yet' }}
        />
      </Paper>
    </Stack>
  );
}
