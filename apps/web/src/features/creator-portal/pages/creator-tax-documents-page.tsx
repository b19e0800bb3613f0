import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatCents, type PortalTaxDocument } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { useDownloadTaxDocument, usePortalTaxDocuments } from '../api/portal-tax-documents.ts';

/** /creator/taxes: the 1099-NEC (or W-2) each organisation issued the creator, by year, each downloadable as a PDF. */
export default function CreatorTaxDocumentsPage() {
  const { data, isLoading } = usePortalTaxDocuments();
  const download = useDownloadTaxDocument();
  const columns: GridColDef<PortalTaxDocument>[] = [
    { field: 'year', headerName: 'Year', width: 100, sortable: false },
    { field: 'org_name', headerName: 'Org', flex: 1, minWidth: 160, sortable: false },
    { field: 'form', headerName: 'Form', width: 120, sortable: false },
    {
      field: 'compensation',
      headerName: 'Amount',
      width: 140,
      sortable: false,
      valueFormatter: (value: number) => formatCents(value),
    },
    {
      field: 'download',
      headerName: 'Download',
      width: 180,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant="outlined"
          disabled={download.isPending}
          aria-label={`Download ${row.year} Form ${row.form} from ${row.org_name}`}
          onClick={() => download.mutate(row)}
        >
          Download PDF
        </Button>
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Tax documents
      </Typography>
      <Typography color="text.secondary">The forms the organizations that pay you have issued, by year.</Typography>
      <DataTable
        rows={data ?? []}
        columns={columns}
        isLoading={isLoading}
        getRowId={(row) => `${row.creator_id}-${row.year}`}
        emptyLabel="No tax documents yet"
        ariaLabel="Tax documents"
      />
    </Stack>
  );
}
