import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/data-table.tsx';

type Empty = { id: string };

const paymentColumns: GridColDef<Empty>[] = [
  { field: 'date', headerName: 'Date', flex: 1, sortable: false },
  { field: 'memo', headerName: 'Memo', flex: 1.5, sortable: false },
  { field: 'status', headerName: 'Status', flex: 1, sortable: false },
  { field: 'amount', headerName: 'Amount', flex: 1, sortable: false },
];

const contractColumns: GridColDef<Empty>[] = [
  { field: 'title', headerName: 'Title', flex: 1.5, sortable: false },
  { field: 'status', headerName: 'Status', flex: 1, sortable: false },
  { field: 'date_signed', headerName: 'Date signed', flex: 1, sortable: false },
];

/** The creator's payments: none exist until the payments feature records them. */
export function CreatorPaymentsTable() {
  return <DataTable ariaLabel="Payments" rows={[]} columns={paymentColumns} emptyLabel="No payments yet" />;
}

/** The creator's contracts: none exist until the contracts feature records them. */
export function CreatorContractsTable() {
  return <DataTable ariaLabel="Contracts" rows={[]} columns={contractColumns} emptyLabel="No contracts yet" />;
}
