import { useEffect, useState } from 'react';
import Stack from '@mui/material/Stack';
import type { GridRowId } from '@mui/x-data-grid';
import type { PaymentRecord, PaymentsFilter, PaymentTab } from '@crewpay/core';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { DataTable } from '../../../components/data-table.tsx';
import type { PaymentListFilters } from '../api/list-filters.ts';
import { usePayments } from '../api/payments.ts';
import { PaymentActions } from './payment-actions.tsx';
import { SelectMatchingBar } from './select-matching-bar.tsx';
import { paymentColumns, paymentPhoneLayout } from './payment-columns.tsx';

type Props = {
  tab: PaymentTab;
  recipient?: string;
  payment_group_id?: string;
  /** Days created and amounts (the /payments page keeps them in its URL). */
  filters?: PaymentListFilters;
  extraActions?: React.ReactNode;
  /** More actions on the selected payments (the payments feature adds Edit). */
  selectionActions?: (selected: PaymentRecord[]) => React.ReactNode;
};

const isSelectable = (row: PaymentRecord) => row.status === 'draft' || row.status === 'requires_info';

/** A server-paged table of payments with selection and the payment actions above it. */
export function PaymentsTable({ tab, recipient, payment_group_id, filters = {}, extraActions, selectionActions }: Props) {
  const paging = useKeysetPaging(`${tab}|${recipient ?? ''}|${payment_group_id ?? ''}|${JSON.stringify(filters)}`);
  const { page, cursor, record } = paging;
  const [selectedIds, setSelectedIds] = useState<GridRowId[]>([]);
  // "Select all N matching": every draft of this list's filter, on every page (the server resolves it).
  const [matching, setMatching] = useState<PaymentsFilter | null>(null);
  const { data, isFetching } = usePayments({ tab, page, starting_after: cursor, recipient, payment_group_id, ...filters });
  useEffect(() => record(page, data), [record, page, data]);
  const rows = data?.data ?? [];
  const selected = rows.filter((row) => selectedIds.includes(row.id));
  const selectable = rows.filter(isSelectable);
  const isPageSelected = selectable.length > 0 && selectable.every((row) => selectedIds.includes(row.id));
  const select = (ids: GridRowId[]) => {
    setSelectedIds(ids);
    setMatching(null);
  };
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <PaymentActions selected={selected} matching={matching} onDone={() => select([])} />
          {selectionActions?.(matching ? [] : selected)}
        </Stack>
        {extraActions}
      </Stack>
      {/* Only the Draft tab: everything it lists can be executed, so its total is what Execute would take. */}
      {tab === 'draft_payments' && isPageSelected && (paging.total ?? 0) > selectable.length && (
        <SelectMatchingBar
          pageCount={selectable.length}
          total={paging.total ?? 0}
          isMatching={matching !== null}
          onSelectMatching={() => setMatching({ tab, recipient, payment_group_id, ...filters })}
          onClear={() => select([])}
        />
      )}
      <DataTable
        ariaLabel="Payments"
        rows={rows}
        columns={paymentColumns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        selectedIds={selectedIds}
        onSelectionChange={select}
        isRowSelectable={isSelectable}
        emptyLabel="No payments yet"
        phone={paymentPhoneLayout}
      />
    </Stack>
  );
}
