import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { formatCents, type CustomerListItem } from '@crewpay/core';

export const customerColumns: GridColDef<CustomerListItem>[] = [
  {
    field: 'email',
    headerName: 'Email',
    flex: 1.4,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/customers/${row.id}`}>
        {row.email ?? row.name}
      </Link>
    ),
  },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  {
    field: 'invoice_volume',
    headerName: 'Invoice Volume',
    flex: 0.8,
    minWidth: 140,
    valueFormatter: (value: number) => formatCents(value),
  },
  {
    field: 'invoice_count',
    headerName: 'Number of Invoices',
    flex: 0.8,
    minWidth: 150,
    type: 'number',
    align: 'left',
    headerAlign: 'left',
  },
];
