import { useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { describeNet, formatCents, type InvoiceStatus } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { InvoiceStatusChip } from '../../../components/invoices/invoice-status.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';

type PortalInvoice = {
  id: string;
  title: string;
  amount: number;
  net: number;
  due_date: string;
  status: InvoiceStatus;
  payment_group_id: string | null;
  payment_group_title: string | null;
  is_payable: boolean;
};

/** /creator/invoices for a customer user: their invoices, with Pay on an open one (a fresh pay link). */
export default function PortalInvoicesPage() {
  const { data, isLoading } = useQuery({
    queryKey: ['portal', 'invoices'],
    queryFn: () => api.get<PortalInvoice[]>('/v1/portal/invoices'),
    meta: { errorMessage: 'There was an issue retrieving your invoices' },
  });
  const payLink = useMutation({
    mutationFn: (id: string) => api.post<{ url: string }>(`/v1/portal/invoices/${id}/pay_link`),
    onSuccess: ({ url }) => window.location.assign(url),
    meta: { errorMessage: 'There was an issue generating the link' },
  });
  const columns: GridColDef<PortalInvoice>[] = [
    { field: 'title', headerName: 'Title', flex: 1.3, minWidth: 180 },
    { field: 'amount', headerName: 'Amount', flex: 0.7, minWidth: 110, valueFormatter: (value: number) => formatCents(value) },
    { field: 'net', headerName: 'Net', flex: 0.8, minWidth: 130, valueFormatter: (value: number) => describeNet(value) },
    {
      field: 'due_date',
      headerName: 'Due date',
      flex: 0.7,
      minWidth: 110,
      valueFormatter: (value: string) => formatDate(`${value}T12:00:00`),
    },
    { field: 'status', headerName: 'Status', flex: 0.6, minWidth: 110, renderCell: ({ row }) => <InvoiceStatusChip status={row.status} /> },
    {
      field: 'payment_group_id',
      headerName: 'Campaign',
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => row.payment_group_title ?? '',
    },
    {
      field: 'pay',
      headerName: '',
      sortable: false,
      minWidth: 100,
      renderCell: ({ row }) =>
        row.is_payable ? (
          <Button size="small" variant="contained" disabled={payLink.isPending} onClick={() => payLink.mutate(row.id)}>
            Pay
          </Button>
        ) : null,
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Invoices
      </Typography>
      <DataTable<PortalInvoice> rows={data ?? []} columns={columns} isLoading={isLoading} emptyLabel="No invoices" ariaLabel="Invoices" />
    </Stack>
  );
}
