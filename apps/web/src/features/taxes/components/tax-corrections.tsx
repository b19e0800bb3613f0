import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, type TaxFiledFigures } from '@crewpay/core';
import { notifyFailure } from '../../../lib/notify.ts';
import { downloadTaxFile, useTaxCorrections } from '../api/filing.ts';

const figures = (value: TaxFiledFigures) =>
  [
    `box 1 ${formatCents(value.compensation)}`,
    `box 4 ${formatCents(value.federal_withheld)}`,
    `box 5 ${formatCents(value.state_withheld)}`,
  ].join(', ');

/**
 * The year's filed 1099-NEC forms that differ now: the CORRECTED forms are downloaded first (for
 * the recipients), then the correction file, which records them as filed and empties the list.
 */
export function TaxCorrections({ year }: { year: number }) {
  const queryClient = useQueryClient();
  const { data } = useTaxCorrections(year);
  const [busy, setBusy] = useState<'pdf' | 'file' | null>(null);
  const download = async (kind: 'pdf' | 'file') => {
    setBusy(kind);
    try {
      const name = kind === 'pdf' ? `${year}-corrected-1099-nec.pdf` : `IRS-1099-NEC-${year}-corrections.txt`;
      await downloadTaxFile(`/v1/taxes/${year}/corrections/${kind}`, name);
      if (kind === 'file') await queryClient.invalidateQueries({ queryKey: ['taxes', 'corrections', year] });
    } catch (error) {
      notifyFailure(error, 'There was an issue creating the corrections');
    } finally {
      setBusy(null);
    }
  };
  if (!data || data.data.length === 0) return null;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        Corrections ({data.data.length})
      </Typography>
      <List dense aria-label="Corrections" disablePadding>
        {data.data.map((correction) => (
          <ListItem key={correction.id} disableGutters>
            <ListItemText
              primary={correction.name}
              secondary={`Filed: ${figures(correction.filed)}. Now: ${figures(correction.current)}.`}
            />
          </ListItem>
        ))}
      </List>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" loading={busy === 'pdf'} onClick={() => download('pdf')}>
          Download CORRECTED 1099-NEC
        </Button>
        <Button variant="outlined" loading={busy === 'file'} onClick={() => download('file')}>
          Download correction file
        </Button>
      </Stack>
    </Stack>
  );
}
