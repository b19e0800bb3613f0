import { useMemo, useState } from 'react';
import type { GridRowId } from '@mui/x-data-grid';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataTable } from '../../../components/data-table.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { usePaidUsers, useTaxYears } from '../api/taxes.ts';
import { GenerateTaxDialog } from '../components/generate-tax-dialog.tsx';
import { IrsFilingCard } from '../components/irs-filing-card.tsx';
import { paidUserColumns } from '../components/paid-user-columns.tsx';
import { BackupWithholdingCard } from '../components/backup-withholding-card.tsx';
import { ForeignPayeesTable } from '../components/foreign-payees-table.tsx';
import { W9PayeesTable } from '../components/w9-payees-table.tsx';

/** /taxes, page Paid Users: everyone paid in the chosen year, checked ones get their tax documents. */
export default function TaxesPage() {
  const years = useTaxYears();
  const [chosenYear, setYear] = useState<number | null>(null);
  const year = chosenYear ?? years?.[0];
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [isGenerating, setGenerating] = useState(false);
  const { data, isFetching } = usePaidUsers({ year, page });
  const columns = useMemo(() => paidUserColumns(year ?? 0), [year]);
  const { data: viewer } = useCurrentUser();
  // The filing file carries every payee's full TIN: owners and admins only, as the API has it.
  const canFile = viewer?.role === 'owner' || viewer?.role === 'admin';

  return (
    <Stack spacing={2}>
      <BackupWithholdingCard />
      <W9PayeesTable canRequest={canFile} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="h6" component="h2">
          Paid Users
        </Typography>
        <TextField
          select
          size="small"
          label="Paid in"
          value={year ?? ''}
          onChange={(event) => {
            setYear(Number(event.target.value));
            setPage(0);
            setSelected([]);
          }}
          sx={{ minWidth: 120 }}
        >
          {(years ?? []).map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" sx={{ ml: { md: 'auto' } }} disabled={selected.length === 0} onClick={() => setGenerating(true)}>
          Generate Tax Documents
        </Button>
      </Stack>
      <DataTable
        ariaLabel="Paid Users"
        rows={data?.data ?? []}
        columns={columns}
        isLoading={year === undefined || (isFetching && !data)}
        serverPaging={{ page, onPageChange: setPage, rowCount: data?.total ?? 0 }}
        selectedIds={selected}
        onSelectionChange={setSelected}
        emptyLabel={`No one was paid in ${year}`}
      />
      {canFile && year !== undefined && <IrsFilingCard year={year} isOwner={viewer?.role === 'owner'} />}
      {year !== undefined && <ForeignPayeesTable year={year} />}
      <GenerateTaxDialog isOpen={isGenerating} years={years ?? []} userIds={selected.map(String)} onClose={() => setGenerating(false)} />
    </Stack>
  );
}
