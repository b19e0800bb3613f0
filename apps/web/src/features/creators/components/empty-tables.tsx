import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/data-table.tsx';

type Empty = { id: string };

const contractColumns: GridColDef<Empty>[] = [
  { field: 'title', headerName: 'Title', flex: 1.5, sortable: false },
  { field: 'status', headerName: 'Status', flex: 1, sortable: false },
  { field: 'date_signed', headerName: 'Date signed', flex: 1, sortable: false },
];

/** The creator's contracts: none exist until the contracts feature records them. */
export function CreatorContractsTable() {
  return <DataTable ariaLabel="Contracts" rows={[]} columns={contractColumns} emptyLabel="No contracts yet" />;
}
