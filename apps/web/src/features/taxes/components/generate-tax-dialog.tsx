import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { taxEmailedMessage, taxMessages, type TaxRun } from '@crewpay/core';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { fetchTaxPdfUrl, runTaxDocuments } from '../api/taxes.ts';
import { TaxRunSummary } from './tax-run-summary.tsx';

/** `years`: the tax years on offer, by the server's clock (useTaxYears). */
type Props = { isOpen: boolean; years: number[]; userIds: string[]; onClose: () => void };

/**
 * Generate Tax Documents: a tax year (current down to 2022, required) and a method. A download
 * opens the PDF in a new tab; the tab is opened on the click itself so no popup blocker stops it.
 */
export function GenerateTaxDialog({ isOpen, years, userIds, onClose }: Props) {
  const [year, setYear] = useState('');
  const [method, setMethod] = useState<'download' | 'email'>('download');
  const [run, setRun] = useState<TaxRun | null>(null);
  const [isRunning, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);

  const close = () => {
    setRun(null);
    setFailed(false);
    setYear('');
    onClose();
  };

  const generate = async () => {
    const tab = method === 'download' ? window.open('', '_blank') : null;
    setRunning(true);
    setFailed(false);
    try {
      const finished = await runTaxDocuments({ year: Number(year), method, userIds }, setRun);
      if (method === 'email')
        notifySuccess(taxEmailedMessage(finished.generated.length - finished.to_mail.length, finished.to_mail.length));
      if (method === 'download' && finished.generated.length > 0) {
        const url = await fetchTaxPdfUrl(finished.id);
        if (tab) tab.location.href = url;
        else window.open(url, '_blank');
      } else tab?.close();
    } catch {
      tab?.close();
      setFailed(true);
      notifyError(taxMessages.failure);
    } finally {
      setRunning(false);
    }
  };

  const progress = run && run.total > 0 ? (run.processed / run.total) * 100 : 0;
  return (
    <Dialog open={isOpen} onClose={isRunning ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>Generate Tax Documents</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {userIds.length === 1 ? '1 user selected.' : `${userIds.length} users selected.`} Non-W-2 payees get a Form 1099-NEC, W-2
            recipients a W-2 wage summary, from the payments posted in the year less returns.
          </Typography>
          <TextField select label="Tax year" value={year} onChange={(event) => setYear(event.target.value)} disabled={isRunning} required>
            {years.map((option) => (
              <MenuItem key={option} value={String(option)}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          <RadioGroup row value={method} onChange={(event) => setMethod(event.target.value as 'download' | 'email')} aria-label="Method">
            <FormControlLabel value="download" control={<Radio />} label="Download" disabled={isRunning} />
            <FormControlLabel value="email" control={<Radio />} label="Email each recipient" disabled={isRunning} />
          </RadioGroup>
          {isRunning && run && (
            <Stack spacing={0.5}>
              <LinearProgress variant="determinate" value={progress} aria-label="Progress" />
              <Typography variant="caption" color="text.secondary">
                {run.processed} of {run.total} users processed
              </Typography>
            </Stack>
          )}
          {failed && <Alert severity="error">{taxMessages.failure}</Alert>}
          {run && !isRunning && !failed && <TaxRunSummary run={run} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close} disabled={isRunning}>
          {run && !isRunning ? 'Close' : 'Cancel'}
        </Button>
        <Button variant="contained" onClick={generate} disabled={!year || userIds.length === 0} loading={isRunning}>
          Generate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
