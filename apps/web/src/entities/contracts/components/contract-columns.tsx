import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { ContractRecord } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';
import { StatusChip } from '../../../components/status-chip.tsx';

const statusColor = { Signed: 'success', Sent: 'info', Invalid: 'neutral' } as const;

export function ContractStatusChip({ status }: { status: ContractRecord['display_status'] }) {
  return <StatusChip label={status} tone={statusColor[status]} outlined={status === 'Invalid'} />;
}

/** The staff's contract columns; `detailPath` says where a title leads. */
export function contractColumns(detailPath = (row: ContractRecord) => `/contracts/${row.id}`): GridColDef<ContractRecord>[] {
  return [
    {
      field: 'title',
      headerName: 'Title',
      flex: 1.3,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={detailPath(row)}>
          {row.title}
        </Link>
      ),
    },
    { field: 'recipient', headerName: 'Recipient', flex: 1, minWidth: 150 },
    { field: 'campaign_title', headerName: 'Campaign', flex: 1, minWidth: 140, valueFormatter: (value: string | null) => value ?? '-' },
    {
      field: 'display_status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => <ContractStatusChip status={row.display_status} />,
    },
    {
      field: 'expiration_date',
      headerName: 'Expiration date',
      width: 140,
      valueFormatter: (value: string) => formatDate(`${value}T12:00:00`),
    },
    {
      field: 'signature_date',
      headerName: 'Signed on',
      width: 130,
      valueFormatter: (value: string | null) => (value ? formatDate(value) : '-'),
    },
  ];
}
