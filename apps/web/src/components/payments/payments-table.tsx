import { useState } from 'react';
import Stack from '@mui/material/Stack';
import type { GridRowId } from '@mui/x-data-grid';
import type { PaymentTab } from '@crewpay/core';
import { DataTable } from '../data-table.tsx';
import { usePayments } from './payments-api.ts';
import { PaymentActions } from './payment-actions.tsx';
import { paymentColumns } from './payment-columns.tsx';

type Props = { tab: PaymentTab; recipient?: string; payment_group_id?: string; extraActions?: React.ReactNode };

/** A server-paged table of payments with selection and the payment actions above it. */
export function PaymentsTable({ tab, recipient, payment_group_id, extraActions }: Props) {
  const [page, setPage] = useState(0);
  const [selectedIds, setSelectedIds] = useState<GridRowId[]>([]);
  const { data, isFetching } = usePayments({ tab, page, recipient, payment_group_id });
  const rows = data?.data ?? [];
  const selected = rows.filter((row) => selectedIds.includes(row.id));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <PaymentActions selected={selected} onDone={() => setSelectedIds([])} />
        {extraActions}
      </Stack>
      <DataTable
        ariaLabel="Payments"
        rows={rows}
        columns={paymentColumns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: setPage, rowCount: data?.total ?? 0 }}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        isRowSelectable={(row) => row.status === 'draft' || row.status === 'requires_info'}
        emptyLabel="No payments yet"
      />
    </Stack>
  );
}
