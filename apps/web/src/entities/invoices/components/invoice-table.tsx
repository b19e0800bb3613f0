import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridRowId } from '@mui/x-data-grid';
import type { InvoiceRecord } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { notifyFailure } from '../../../lib/notify.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { downloadInvoicesReport, useCancelInvoices, useInvoiceReminders, useInvoices, type InvoiceFilter } from '../api/invoices.ts';
import { invoiceColumns, invoicePhoneLayout } from './invoice-columns.tsx';

type Props = {
  filter: InvoiceFilter;
  showCustomer?: boolean;
  showSms?: boolean;
  showExport?: boolean;
  /** Where New Invoice goes; disabled without a treasury account. */
  newInvoiceHref?: string;
  newInvoiceLabel?: string;
  canCreate?: boolean;
  /** 'N invoices' on /invoices; the customer tab says 'this invoice' for one. */
  singularConfirm?: boolean;
};

const confirmText = (count: number, singular: boolean) =>
  singular && count === 1 ? 'Are you sure you want to cancel this invoice?' : `Are you sure you want to cancel these ${count} invoices?`;

/** A page of invoices with checkboxes (only open ones selectable), Cancel, reminders, New Invoice and the CSV report. */
export function InvoiceTable({
  filter,
  newInvoiceLabel = 'New Invoice',
  showCustomer = false,
  showSms = false,
  showExport = false,
  newInvoiceHref,
  canCreate = true,
  singularConfirm = false,
}: Props) {
  // A new filter starts again at its first page: its cursors are not the old filter's.
  const paging = useKeysetPaging(JSON.stringify(filter));
  const { page, cursor, record } = paging;
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [isConfirming, setIsConfirming] = useState(false);
  const { data, isFetching, isPlaceholderData } = useInvoices(filter, page, cursor);
  // The previous page shown while the next loads is not this page's answer: its cursor would be misfiled.
  useEffect(() => record(page, isPlaceholderData ? undefined : data), [record, page, data, isPlaceholderData]);
  const cancel = useCancelInvoices();
  const remind = useInvoiceReminders();
  const rows = data?.invoices ?? [];
  // The same columns across renders: the table's rows re-render only when their own data changes.
  const columns = useMemo(() => invoiceColumns({ showCustomer }), [showCustomer]);
  const chosen = rows.filter((row) => selected.includes(row.id));
  const hasOpenChoice = chosen.length > 0 && chosen.every((row) => row.status === 'requires_info');
  const ids = chosen.map((row) => row.id);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {newInvoiceHref && (
          <Button variant="contained" component={RouterLink} to={newInvoiceHref} disabled={!canCreate}>
            {newInvoiceLabel}
          </Button>
        )}
        <Button variant="outlined" color="error" disabled={!hasOpenChoice} onClick={() => setIsConfirming(true)}>
          {showCustomer ? 'Cancel selected' : 'Cancel'}
        </Button>
        {showSms && (
          <Button
            variant="outlined"
            disabled={!hasOpenChoice || !chosen.some((row) => row.customer_has_phone) || remind.isPending}
            onClick={() => remind.mutate({ ids, channel: 'sms' })}
          >
            Send SMS reminder
          </Button>
        )}
        <Button variant="outlined" disabled={!hasOpenChoice || remind.isPending} onClick={() => remind.mutate({ ids, channel: 'email' })}>
          Send email reminder
        </Button>
        {showExport && (
          <Button variant="text" onClick={() => void downloadInvoicesReport(filter).catch((error: unknown) => notifyFailure(error))}>
            Export CSV
          </Button>
        )}
      </Stack>
      <DataTable<InvoiceRecord>
        rows={rows}
        columns={columns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        selectedIds={selected}
        onSelectionChange={setSelected}
        isRowSelectable={(row) => row.status !== 'canceled'}
        emptyLabel="No invoices"
        ariaLabel="Invoices"
        hasServerExport={showExport}
        phone={invoicePhoneLayout}
      />
      <ConfirmDialog
        isOpen={isConfirming}
        title="Cancel invoices"
        confirmLabel="Yes, cancel"
        cancelLabel="No"
        isPending={cancel.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          cancel.mutate(ids, {
            onSettled: () => {
              setIsConfirming(false);
              setSelected([]);
            },
          })
        }
      >
        {confirmText(ids.length, singularConfirm)}
      </ConfirmDialog>
    </Stack>
  );
}
