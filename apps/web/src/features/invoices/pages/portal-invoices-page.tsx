import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { describeNet, formatInvoiceAmount, type PortalInvoice, type PortalInvoicePage } from '@crewpay/core';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { DataTable, PAGE_SIZE } from '../../../components/data-table.tsx';
import type { PhoneLayout } from '../../../components/data-table-types.ts';
import { InvoiceStatusChip } from '../../../entities/invoices/index.ts';
import { api } from '../../../lib/api-client.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { formatDate } from '../../../lib/format.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';

/**
 * /creator/invoices for a customer user: their invoices (server paged), each invoice's PDF, the receipt of a paid
 * one, and Pay on an open one (a fresh pay link).
 */
export default function PortalInvoicesPage() {
  const paging = useKeysetPaging('portal-invoices');
  const { page, cursor, record } = paging;
  const { data, isLoading, isPlaceholderData } = useQuery({
    queryKey: ['portal', 'invoices', page, cursor ?? null],
    queryFn: () =>
      api.get<PortalInvoicePage>('/v1/portal/invoices', {
        query: { page, page_size: PAGE_SIZE, ...(cursor ? { starting_after: cursor } : {}) },
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your invoices' },
  });
  useEffect(() => record(page, isPlaceholderData ? undefined : data), [record, page, data, isPlaceholderData]);
  const payLink = useMutation({
    mutationFn: (id: string) => api.post<{ url: string }>(`/v1/portal/invoices/${id}/pay_link`),
    onSuccess: ({ url }) => window.location.assign(url),
    meta: { errorMessage: 'There was an issue generating the link' },
  });
  const download = useMutation({
    mutationFn: ({ row, kind }: { row: PortalInvoice; kind: 'pdf' | 'receipt' }) =>
      downloadWithSession(`/v1/portal/invoices/${row.id}/${kind}`, `${kind === 'pdf' ? 'Invoice' : 'Receipt'}-${row.number}.pdf`),
    meta: { errorMessage: 'There was an issue downloading the document' },
  });
  const payButton = (row: PortalInvoice) =>
    row.is_payable ? (
      <Button
        size="small"
        variant="contained"
        aria-label={`Pay invoice ${row.number}`}
        disabled={payLink.isPending}
        onClick={() => payLink.mutate(row.id)}
      >
        Pay
      </Button>
    ) : null;
  const columns: GridColDef<PortalInvoice>[] = [
    { field: 'number', headerName: 'Number', flex: 0.6, minWidth: 110, sortable: false },
    { field: 'title', headerName: 'Title', flex: 1.3, minWidth: 180, sortable: false },
    {
      field: 'amount',
      headerName: 'Amount',
      flex: 0.7,
      minWidth: 110,
      sortable: false,
      // In the invoice's own currency (€1,250.00, ¥150,000), as its pay page says it.
      valueFormatter: (value: number, row) => formatInvoiceAmount(value, row.currency),
    },
    { field: 'net', headerName: 'Net', flex: 0.8, minWidth: 130, sortable: false, valueFormatter: (value: number) => describeNet(value) },
    {
      field: 'due_date',
      headerName: 'Due date',
      flex: 0.7,
      minWidth: 110,
      sortable: false,
      valueFormatter: (value: string) => formatDate(`${value}T12:00:00`),
    },
    {
      field: 'status',
      headerName: 'Status',
      flex: 0.6,
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => <InvoiceStatusChip status={row.status} />,
    },
    {
      field: 'payment_group_id',
      headerName: 'Campaign',
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueGetter: (_value, row) => row.payment_group_title ?? '',
    },
    {
      field: 'documents',
      headerName: 'Documents',
      width: 200,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Button
            size="small"
            aria-label={`PDF of invoice ${row.number}`}
            disabled={download.isPending}
            onClick={() => download.mutate({ row, kind: 'pdf' })}
          >
            PDF
          </Button>
          {row.status === 'succeeded' && (
            <Button
              size="small"
              aria-label={`Receipt of invoice ${row.number}`}
              disabled={download.isPending}
              onClick={() => download.mutate({ row, kind: 'receipt' })}
            >
              Receipt
            </Button>
          )}
        </Stack>
      ),
    },
    {
      field: 'pay',
      headerName: '',
      // A name for screen readers; the column shows no title.
      renderHeader: () => (
        <Box component="span" sx={visuallyHidden}>
          Pay
        </Box>
      ),
      sortable: false,
      minWidth: 100,
      renderCell: ({ row }) => payButton(row),
    },
  ];
  // On a phone: Pay beside the title on every card, then amount, status and due date; the rest on tap.
  const phone: PhoneLayout<PortalInvoice> = {
    title: 'title',
    fields: ['amount', 'status', 'due_date', 'number'],
    hidden: ['pay'],
    action: payButton,
    label: (row) => `Invoice ${row.number}`,
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Invoices
      </Typography>
      <DataTable<PortalInvoice>
        rows={data?.data ?? []}
        columns={columns}
        isLoading={isLoading}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        emptyLabel="No invoices"
        ariaLabel="Invoices"
        phone={phone}
      />
    </Stack>
  );
}
