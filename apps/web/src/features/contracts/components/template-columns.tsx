import type { GridColDef } from '@mui/x-data-grid';
import type { ContractTemplateRecord } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';

export const templateColumns: GridColDef<ContractTemplateRecord>[] = [
  { field: 'title', headerName: 'Title', flex: 1.2, minWidth: 180 },
  { field: 'file_name', headerName: 'Document', flex: 1, minWidth: 160 },
  { field: 'formFields', headerName: 'Signature blocks', width: 150, valueGetter: (_value, row) => row.formFields.length },
  { field: 'created_at', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
];
