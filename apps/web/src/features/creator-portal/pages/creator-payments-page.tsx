import { useEffect } from 'react';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { PORTAL_PAGE_SIZE, formatCents, type PortalPaymentRow } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import type { PhoneLayout } from '../../../components/data-table-types.ts';
import { PaymentStatusChip } from '../../../entities/payments/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { usePortalPayments } from '../api/portal-payments.ts';
import { PayoutsAbroadCard } from '../components/payouts-abroad-card.tsx';
import { StatementCard } from '../components/statement-card.tsx';

/** The spec's columns: id, org, status (its labels), memo, amount, date posted. */
const columns: GridColDef<PortalPaymentRow>[] = [
  { field: 'org_name', headerName: 'Org', flex: 1, minWidth: 160, sortable: false },
  {
    field: 'campaign_title',
    headerName: 'Campaign',
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueFormatter: (value: string | null) => value ?? '-',
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 150,
    sortable: false,
    renderCell: ({ row }) => <PaymentStatusChip status={row.status} />,
  },
  { field: 'memo', headerName: 'Memo', flex: 1, minWidth: 140, sortable: false },
  { field: 'amount', headerName: 'Amount', width: 140, sortable: false, valueFormatter: (value: number) => formatCents(value) },
  {
    field: 'date_posted',
    headerName: 'Date posted',
    width: 140,
    sortable: false,
    valueFormatter: (value: string | null) => (value ? formatDate(value) : '-'),
  },
  {
    field: 'id',
    headerName: 'Reference',
    width: 170,
    sortable: false,
    // The spec's reference form (the first 16 characters without dashes), last: the payer and campaign name the payment.
    valueFormatter: (value: string) => value.replace(/-/g, '').slice(0, 16),
  },
];

/** On a phone: who paid, then amount, status, the day posted and the memo; the reference on tap. */
const phoneLayout: PhoneLayout<PortalPaymentRow> = {
  title: 'org_name',
  fields: ['amount', 'status', 'date_posted', 'campaign_title'],
  label: (row) => `Payment of ${formatCents(row.amount)} from ${row.org_name}`,
};

/** /creator/payments: every payment made to the creator, newest first, paged by the server (by cursor after page 0). */
export default function CreatorPaymentsPage() {
  const paging = useKeysetPaging('');
  const { page, cursor, record } = paging;
  const { data, isFetching } = usePortalPayments({ page, pageSize: PORTAL_PAGE_SIZE, cursor });
  useEffect(() => record(page, data), [record, page, data]);
  return (
    <Stack spacing={2}>
      {/* Nium's questions first: a payment abroad waits on them. */}
      <PayoutsAbroadCard />
      <DataTable
        rows={data?.data ?? []}
        columns={columns}
        isLoading={isFetching}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        emptyLabel="No payments yet"
        ariaLabel="Payments"
        phone={phoneLayout}
      />
      {/* After the list: on a phone the payments come first. */}
      <StatementCard />
    </Stack>
  );
}
