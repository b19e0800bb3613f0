import { useEffect, useState } from 'react';
import Stack from '@mui/material/Stack';
import type { GridRowId } from '@mui/x-data-grid';
import type { PaymentRecord, PaymentTab } from '@crewpay/core';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { usePayments } from '../api/payments.ts';
import { PaymentActions } from './payment-actions.tsx';
import { paymentColumns } from './payment-columns.tsx';

type Props = {
  tab: PaymentTab;
  recipient?: string;
  payment_group_id?: string;
  extraActions?: React.ReactNode;
  /** More actions on the selected payments (the payments feature adds Edit). */
  selectionActions?: (selected: PaymentRecord[]) => React.ReactNode;
};

/** A server-paged table of payments with selection and the payment actions above it. */
export function PaymentsTable({ tab, recipient, payment_group_id, extraActions, selectionActions }: Props) {
  const paging = useKeysetPaging(`${tab}|${recipient ?? ''}|${payment_group_id ?? ''}`);
  const { page, cursor, record } = paging;
  const [selectedIds, setSelectedIds] = useState<GridRowId[]>([]);
  const { data, isFetching } = usePayments({ tab, page, starting_after: cursor, recipient, payment_group_id });
  useEffect(() => record(page, data), [record, page, data]);
  const rows = data?.data ?? [];
  const selected = rows.filter((row) => selectedIds.includes(row.id));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <PaymentActions selected={selected} onDone={() => setSelectedIds([])} />
          {selectionActions?.(selected)}
        </Stack>
        {extraActions}
      </Stack>
      <DataTable
        ariaLabel="Payments"
        rows={rows}
        columns={paymentColumns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        isRowSelectable={(row) => row.status === 'draft' || row.status === 'requires_info'}
        emptyLabel="No payments yet"
      />
    </Stack>
  );
}
