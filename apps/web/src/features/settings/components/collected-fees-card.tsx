import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { collectedFeeLabels, formatCents, type CollectedFeeRecord } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCollectedFees } from '../api/billing.ts';

const columns: GridColDef<CollectedFeeRecord>[] = [
  { field: 'type', headerName: 'Type', flex: 1, minWidth: 180, valueGetter: (_value, row) => collectedFeeLabels[row.type] },
  { field: 'created_at', headerName: 'Transaction time', flex: 1, minWidth: 180, valueFormatter: (value: string) => formatDateTime(value) },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 140,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number) => formatCents(value),
  },
  {
    field: 'link',
    headerName: 'Link',
    width: 120,
    sortable: false,
    renderCell: ({ row }) =>
      row.link && (
        <Link component={RouterLink} to={row.link} underline="hover">
          View
        </Link>
      ),
  },
];

/** Collected Fees: what Crewpay took from the wallet, read from the ledger, a server page at a time. */
export function CollectedFeesCard() {
  const [page, setPage] = useState(0);
  const { data, isLoading } = useCollectedFees(page);
  return (
    <Card variant="outlined" component="section" aria-label="Collected Fees">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Collected Fees
        </Typography>
        <DataTable
          ariaLabel="Collected Fees"
          rows={data?.data ?? []}
          columns={columns}
          isLoading={isLoading}
          serverPaging={{ page, onPageChange: setPage, rowCount: data?.total ?? 0 }}
          emptyLabel="No fees collected yet"
        />
      </CardContent>
    </Card>
  );
}
