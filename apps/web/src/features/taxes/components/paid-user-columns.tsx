import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { formatCents, taxFormLabels, type PaidUser } from '@crewpay/core';
import { StatusChip } from '../../../components/status-chip.tsx';

/** Ready for the year's forms: the signed tax form, a TIN and a complete address, each said (not only coloured). */
function Readiness({ readiness }: { readiness: NonNullable<PaidUser['readiness']> }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <StatusChip
        tone={readiness.tax_form ? 'success' : 'warning'}
        label={readiness.tax_form ? taxFormLabels[readiness.tax_form] : 'No W-9'}
        outlined
      />
      <StatusChip tone={readiness.has_tin ? 'success' : 'warning'} label={readiness.has_tin ? 'TIN' : 'No TIN'} outlined />
      <StatusChip tone={readiness.has_address ? 'success' : 'warning'} label={readiness.has_address ? 'Address' : 'No address'} outlined />
    </Stack>
  );
}

/** Paid Users: emailRecipient, name, isW2, the year's total (posted less returned) and each payee's readiness for the forms. */
export const paidUserColumns = (year: number): GridColDef<PaidUser>[] => [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160, sortable: false },
  { field: 'emailRecipient', headerName: 'Email', flex: 1.2, minWidth: 200, sortable: false },
  { field: 'isW2', headerName: 'W-2', width: 90, sortable: false, valueFormatter: (value: boolean) => (value ? 'Yes' : 'No') },
  {
    field: 'total',
    headerName: `Paid in ${year}`,
    width: 150,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number) => formatCents(value),
  },
  {
    field: 'readiness',
    headerName: 'Tax details',
    width: 290,
    sortable: false,
    valueGetter: (_value, row) =>
      row.readiness
        ? [
            row.readiness.tax_form ? taxFormLabels[row.readiness.tax_form] : 'No W-9',
            row.readiness.has_tin ? 'TIN' : 'No TIN',
            row.readiness.has_address ? 'Address' : 'No address',
          ].join(', ')
        : '',
    renderCell: ({ row }) => (row.readiness ? <Readiness readiness={row.readiness} /> : null),
  },
];
