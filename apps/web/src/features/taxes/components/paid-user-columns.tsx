import type { GridColDef } from '@mui/x-data-grid';
import { formatCents, type PaidUser } from '@crewpay/core';

/** Paid Users: emailRecipient, name, isW2 and the year's total (posted less returned). */
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
];
