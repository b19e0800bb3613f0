import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { PhoneLayout } from '../../../components/data-table-types.ts';
import { describeNet, formatInvoiceAmount, type InvoiceRecord } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';
import { InvoiceStatusChip } from './invoice-status.tsx';

/**
 * The invoice number, then the spec's invoice columns: title, amount, net, due_date, status, payment_group_id (and the
 * customer on /invoices). Not sortable: the server pages newest first, and sorting one page would mislead.
 */
export function invoiceColumns(options: { showCustomer: boolean }): GridColDef<InvoiceRecord>[] {
  const columns: (GridColDef<InvoiceRecord> | false)[] = [
    { field: 'number', headerName: 'Number', sortable: false, flex: 0.6, minWidth: 110 },
    {
      field: 'title',
      headerName: 'Title',
      sortable: false,
      flex: 1.3,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/invoices/${row.id}`}>
          {row.title}
        </Link>
      ),
    },
    options.showCustomer && { field: 'customer_name', headerName: 'Customer', sortable: false, flex: 1, minWidth: 150 },
    {
      field: 'amount',
      headerName: 'Amount',
      sortable: false,
      flex: 0.7,
      minWidth: 110,
      // In the invoice's own currency (€1,250.00, ¥150,000): amounts of different currencies are never added up here.
      valueFormatter: (value: number, row) => formatInvoiceAmount(value, row.currency),
    },
    { field: 'net', headerName: 'Net', sortable: false, flex: 0.8, minWidth: 130, valueFormatter: (value: number) => describeNet(value) },
    {
      field: 'due_date',
      headerName: 'Due date',
      sortable: false,
      flex: 0.7,
      minWidth: 110,
      valueFormatter: (value: string) => formatDate(`${value}T12:00:00`),
    },
    {
      field: 'status',
      headerName: 'Status',
      sortable: false,
      flex: 0.6,
      minWidth: 110,
      renderCell: ({ row }) => <InvoiceStatusChip status={row.status} />,
    },
    {
      field: 'payment_group_id',
      headerName: 'Campaign',
      sortable: false,
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) =>
        row.payment_group_id ? (
          <Link component={RouterLink} to={`/campaigns/${row.payment_group_id}`}>
            {row.payment_group_title}
          </Link>
        ) : (
          ''
        ),
    },
  ];
  return columns.filter((column): column is GridColDef<InvoiceRecord> => column !== false);
}

/** On a phone: the title, then amount, status, due date and customer; the rest on tap. */
export const invoicePhoneLayout: PhoneLayout<InvoiceRecord> = {
  title: 'title',
  fields: ['amount', 'status', 'due_date', 'customer_name'],
};
