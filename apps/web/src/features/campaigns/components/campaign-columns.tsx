import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { formatCents, type CampaignListItem } from '@crewpay/core';

export const campaignColumns: GridColDef<CampaignListItem>[] = [
  {
    field: 'title',
    headerName: 'Title',
    flex: 1.2,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/campaigns/${row.id}`}>
        {row.title}
      </Link>
    ),
  },
  { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200, valueFormatter: (value: string | null) => value ?? '' },
  { field: 'customer_name', headerName: 'Customer', flex: 1, minWidth: 150 },
  {
    field: 'deal_size',
    headerName: 'Deal Size',
    flex: 0.8,
    minWidth: 120,
    valueFormatter: (value: number | null) => (value === null ? '-' : formatCents(value)),
  },
  {
    field: 'payments_posted',
    headerName: 'Payments Completed',
    flex: 0.8,
    minWidth: 160,
    sortable: false,
    valueGetter: (_value, row) => `${row.payments_posted}/${row.payments_total}`,
  },
  {
    field: 'invoices_paid',
    headerName: 'Invoices',
    flex: 0.6,
    minWidth: 100,
    sortable: false,
    valueGetter: (_value, row) => `${row.invoices_paid}/${row.invoices_total}`,
  },
];
