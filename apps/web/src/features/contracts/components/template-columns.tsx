import type { GridColDef } from '@mui/x-data-grid';
import type { ContractTemplateRecord } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';

/**
 * Our editor saves at least one block with the template; a template made in Dropbox Sign's own
 * editor keeps its blocks there, so it has none here: say where they are rather than "0".
 */
const signatureBlocksLabel = (row: ContractTemplateRecord): string | number =>
  row.formFields.length > 0 ? row.formFields.length : row.state === 'draft' ? 'Pending' : 'In Dropbox Sign';

export const templateColumns: GridColDef<ContractTemplateRecord>[] = [
  { field: 'title', headerName: 'Title', flex: 1.2, minWidth: 180 },
  { field: 'file_name', headerName: 'Document', flex: 1, minWidth: 160 },
  { field: 'formFields', headerName: 'Signature blocks', width: 150, valueGetter: (_value, row) => signatureBlocksLabel(row) },
  { field: 'created_at', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
];
