import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { PhoneLayout } from '../../../components/data-table-types.ts';
import { formatCents, payoutMethodLabels, paymentStatusLabels, usdAmountText, type PaymentRecord, type PaymentStatus } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';

const statusColors: Record<PaymentStatus, StatusTone> = {
  draft: 'neutral',
  requires_info: 'warning',
  processing: 'info',
  succeeded: 'success',
  returned: 'error',
  failed: 'error',
  canceled: 'neutral',
  awaiting_approval: 'warning',
};

/** A payment's status; `labels` is the spec's second set on the detail page, the first (wallet and tables) elsewhere. */
export function PaymentStatusChip({
  status,
  labels = paymentStatusLabels,
}: {
  status: PaymentStatus;
  labels?: Record<PaymentStatus, string>;
}) {
  return <StatusChip label={labels[status]} tone={statusColors[status]} outlined={status === 'draft'} />;
}

const roleLabels = { creator: 'Creator', agent: 'Agent', manager: 'Manager' } as const;

export const paymentColumns: GridColDef<PaymentRecord>[] = [
  {
    field: 'recipient_name',
    headerName: 'Recipient',
    flex: 1.2,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/payments/${row.id}`} underline="hover">
        {row.recipient_name || row.recipient_email}
      </Link>
    ),
  },
  {
    field: 'recipient_role',
    headerName: 'Role',
    width: 100,
    sortable: false,
    valueFormatter: (value: PaymentRecord['recipient_role']) => roleLabels[value],
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 140,
    sortable: false,
    renderCell: ({ row }) => <PaymentStatusChip status={row.status} />,
  },
  {
    field: 'amount',
    headerName: 'Amount',
    type: 'number',
    width: 150,
    sortable: false,
    // A payment entered in its payee's currency: the dollars are the quote's estimate until Nium takes them.
    valueFormatter: (_value: number, row: PaymentRecord) => usdAmountText(row, formatCents),
  },
  { field: 'fee', headerName: 'Fee', type: 'number', width: 100, sortable: false, valueFormatter: (value: number) => formatCents(value) },
  { field: 'memo', headerName: 'Memo', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'method',
    headerName: 'Method',
    width: 130,
    sortable: false,
    valueFormatter: (value: PaymentRecord['method']) => (value ? payoutMethodLabels[value as keyof typeof payoutMethodLabels] : ''),
  },
  { field: 'created_at', headerName: 'Created', width: 120, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** On a phone: who is paid, then amount, status and the day created; the rest on tap. */
export const paymentPhoneLayout: PhoneLayout<PaymentRecord> = {
  title: 'recipient_name',
  fields: ['amount', 'status', 'created_at', 'memo'],
};
