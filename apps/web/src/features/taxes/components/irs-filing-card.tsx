import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { taxFilingSettingsBody, type TaxFilingSettings } from '@crewpay/core';
import { ApiError } from '../../../lib/api-error.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { downloadFilingFile, useFilingSettings, useSaveFilingSettings } from '../api/filing.ts';
import { TaxCorrections } from './tax-corrections.tsx';

function FilingSettingsForm({ saved, canEdit }: { saved: TaxFilingSettings; canEdit: boolean }) {
  const save = useSaveFilingSettings();
  const [tcc, setTcc] = useState(saved.tcc);
  const [stateNumber, setStateNumber] = useState(saved.state_number);
  const parsed = taxFilingSettingsBody.safeParse({ tcc, state_number: stateNumber });
  const issueOf = (field: string) =>
    parsed.success ? null : (parsed.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
  // A blank field is not an error until someone types: the owner sees the hint first.
  const tccError = tcc ? issueOf('tcc') : null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
      <TextField
        label="Transmitter Control Code (TCC)"
        size="small"
        value={tcc}
        disabled={!canEdit}
        onChange={(event) => setTcc(event.target.value)}
        error={Boolean(tccError)}
        helperText={tccError ?? '5 letters or digits, from the IRS'}
        slotProps={{ htmlInput: { maxLength: 5 } }}
      />
      <TextField
        label="Payer's state number"
        size="small"
        value={stateNumber}
        disabled={!canEdit}
        onChange={(event) => setStateNumber(event.target.value)}
        error={Boolean(issueOf('state_number'))}
        helperText={issueOf('state_number') ?? 'Printed in box 6 where state tax was withheld'}
      />
      {canEdit && (
        <Button
          variant="outlined"
          disabled={!parsed.success}
          loading={save.isPending}
          onClick={() => parsed.success && save.mutate(parsed.data, { onSuccess: (next) => setTcc(next.tcc) })}
        >
          Save
        </Button>
      )}
    </Stack>
  );
}

/** IRS filing on /taxes: the TCC (owners set it) and the year's FIRE file, which the organization uploads to the IRS itself. */
export function IrsFilingCard({ year, isOwner }: { year: number; isOwner: boolean }) {
  const { data } = useFilingSettings();
  const [isDownloading, setDownloading] = useState(false);
  // Why the file was refused (a 409: no TCC, no forms, payees without a TIN...), kept on the card until the next try.
  const [refusal, setRefusal] = useState<string | null>(null);
  const download = async () => {
    setDownloading(true);
    setRefusal(null);
    try {
      await downloadFilingFile(year);
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage && error.status < 500) setRefusal(error.serverMessage);
      else notifyFailure(error, 'There was an issue creating the IRS filing file');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card variant="outlined" component="section" aria-label="IRS filing">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            IRS filing
          </Typography>
          {data && <FilingSettingsForm saved={data} canEdit={isOwner} />}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
            <Button
              variant="contained"
              loading={isDownloading}
              onClick={download}
              sx={{ alignSelf: { xs: 'flex-start', md: 'auto' }, flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              Download IRS filing file
            </Button>
            <Typography variant="body2" color="text.secondary">
              Every {year} Form 1099-NEC in the IRS FIRE format (Publication 1220). Submission is a manual upload: sign in to the IRS FIRE
              system with your TCC and upload this file.
            </Typography>
          </Stack>
          {refusal && (
            <Alert severity="warning" role="alert">
              <AlertTitle>The IRS filing file was not created</AlertTitle>
              {refusal}
            </Alert>
          )}
          <TaxCorrections year={year} />
        </Stack>
      </CardContent>
    </Card>
  );
}
