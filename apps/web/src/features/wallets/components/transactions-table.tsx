import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { failureReasonLabels, formatCents, transactionStatusLabels, transactionTypeLabels, type WalletTransaction } from '@crewpay/core';
import { DataTable, PAGE_SIZE } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { useWalletTransactions } from '../api/get-wallets.ts';

const statusColor = { processing: 'warning', succeeded: 'success', failed: 'error', returned: 'error', canceled: 'default' } as const;

const columns: GridColDef<WalletTransaction>[] = [
  { field: 'date', headerName: 'Date', width: 120, valueFormatter: (value: number) => formatDate(value * 1000) },
  { field: 'type', headerName: 'Type', width: 120, valueFormatter: (value: WalletTransaction['type']) => transactionTypeLabels[value] },
  { field: 'memo', headerName: 'Memo', flex: 1, minWidth: 200 },
  {
    field: 'status',
    headerName: 'Status',
    width: 140,
    renderCell: ({ row }) => {
      const chip = <Chip size="small" label={transactionStatusLabels[row.status]} color={statusColor[row.status]} variant="outlined" />;
      const reason = row.failure_reason ? (failureReasonLabels[row.failure_reason] ?? row.failure_reason) : null;
      return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
    },
  },
  {
    field: 'failure_reason',
    headerName: 'Reason',
    width: 220,
    valueFormatter: (value: string | null) => (value ? (failureReasonLabels[value] ?? value) : ''),
  },
  {
    field: 'fee',
    headerName: 'Fee',
    width: 100,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number) => (value ? formatCents(value) : ''),
  },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 140,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number) => formatCents(value),
  },
];

/** The wallet's transactions, paged by the server; a row of a payment opens it. */
export function TransactionsTable({ walletId }: { walletId: string }) {
  const navigate = useNavigate();
  const paging = useKeysetPaging(walletId);
  const { page, cursor, record } = paging;
  const { data, isFetching } = useWalletTransactions(walletId, page, cursor);
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
        const paymentId = row.payment_id ?? Object.values(row.flow_details)[0]?.metadata.payment_id;
        if (paymentId) void navigate(`/payments/${paymentId}`);
      }}
      emptyLabel="No transactions yet"
    />
  );
}
