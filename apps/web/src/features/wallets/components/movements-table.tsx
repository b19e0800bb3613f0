import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { failureReasonLabels, formatCents, movementLabel, movementTypeLabel, type WalletMovement } from '@crewpay/core';
import { DataTable, PAGE_SIZE } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { useWalletMovements } from '../api/get-wallets.ts';

const statusLabel = { pending: 'Pending', posted: 'Posted', failed: 'Failed' } as const;
const statusColor = { pending: 'warning', posted: 'success', failed: 'error' } as const;

/** Money in with a plus, money out with a minus, so a column reads as additions to the balance. */
const signedCents = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));
// A part a movement does not touch is left blank: the row shows only where its money went.
const partCents = (cents: number) => (cents === 0 ? '' : signedCents(cents));

const part = (
  field: 'available' | 'incoming' | 'held' | 'arriving' | 'frozen' | 'owed',
  headerName: string,
): GridColDef<WalletMovement> => ({
  field,
  headerName,
  width: 130,
  align: 'right',
  headerAlign: 'right',
  // Owed counts against the balance: a debt that grows reads as money out.
  valueFormatter: (cents: number) => partCents(field === 'owed' ? -cents : cents),
});

const columns: GridColDef<WalletMovement>[] = [
  { field: 'date', headerName: 'Date', width: 120, valueFormatter: (value: number) => formatDate(value * 1000) },
  // The spec's type labels: Payment, Deposit, Transfer, Debit.
  { field: 'kind', headerName: 'Type', width: 110, sortable: false, valueGetter: (_value, row) => movementTypeLabel(row.type) },
  {
    field: 'type',
    headerName: 'Description',
    flex: 1,
    minWidth: 240,
    renderCell: ({ row }) => (
      <Stack sx={{ py: 0.5 }}>
        <Typography variant="body2">{movementLabel(row.type)}</Typography>
        {row.memo && (
          <Typography variant="caption" color="text.secondary">
            {row.memo}
          </Typography>
        )}
      </Stack>
    ),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    renderCell: ({ row }) => {
      const chip = <Chip size="small" label={statusLabel[row.status]} color={statusColor[row.status]} variant="outlined" />;
      const reason = row.failure_reason ? (failureReasonLabels[row.failure_reason] ?? row.failure_reason) : null;
      return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
    },
  },
  part('available', 'Available'),
  part('incoming', 'Incoming'),
  part('arriving', 'Arriving'),
  part('held', 'Held'),
  part('frozen', 'Frozen'),
  part('owed', 'Owed'),
  { field: 'amount', headerName: 'Amount', width: 140, align: 'right', headerAlign: 'right', valueFormatter: signedCents },
];

/** Every movement of the wallet's money, paged by the server; together they add up to its balance. A payment's row opens it. */
export function MovementsTable({ walletId }: { walletId: string }) {
  const navigate = useNavigate();
  const paging = useKeysetPaging(walletId);
  const { page, cursor, record } = paging;
  const { data, isFetching } = useWalletMovements(walletId, page, cursor);
  useEffect(() => record(page, data), [record, page, data]);
  // On the last page the total is known; before it, only that more rows exist.
  const rowCount = data && !data.has_more ? page * PAGE_SIZE + data.data.length : undefined;
  return (
    <DataTable
      ariaLabel="Transactions"
      rows={data?.data ?? []}
      columns={columns}
      isLoading={isFetching}
      serverPaging={{ page, onPageChange: paging.onPageChange, rowCount, hasNextPage: data?.has_more ?? false }}
      onRowClick={(row) => {
        if (row.payment_id) void navigate(`/payments/${row.payment_id}`);
        else if (row.invoice_id) void navigate(`/invoices/${row.invoice_id}`);
      }}
      emptyLabel="No transactions yet"
    />
  );
}
