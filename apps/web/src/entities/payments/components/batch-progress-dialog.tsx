import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useBatchProgress } from '../api/payments.ts';

type Props = { batchId: string | null; onClose: () => void };

const number = (value: number) => value.toLocaleString('en-US');

/**
 * An execution as it runs: its payouts sent to their rails, waiting for payout details, failed and
 * still to send, asked every second until none remains. Closing it does not stop the batch.
 */
export function BatchProgressDialog({ batchId, onClose }: Props) {
  const { data: progress } = useBatchProgress(batchId);
  const settled = progress ? progress.total - progress.remaining : 0;
  return (
    <Dialog open={batchId !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="batch-progress-title">
      <DialogTitle id="batch-progress-title">{progress?.is_done ? 'Payments executed' : 'Executing payments'}</DialogTitle>
      <DialogContent>
        {progress ? (
          <Stack spacing={1.5} aria-label="Execution progress">
            <LinearProgress
              variant="determinate"
              value={progress.total === 0 ? 100 : (settled / progress.total) * 100}
              aria-label="Payments sent"
            />
            <Typography>{`${number(settled)} of ${number(progress.total)} payments done`}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }}>
              <Typography variant="body2">{`Executed: ${number(progress.executed)}`}</Typography>
              <Typography variant="body2">{`Waiting for payout details: ${number(progress.waiting)}`}</Typography>
              <Typography variant="body2">{`Failed: ${number(progress.failed)}`}</Typography>
              <Typography variant="body2">{`Remaining: ${number(progress.remaining)}`}</Typography>
            </Stack>
          </Stack>
        ) : (
          <Typography color="text.secondary">Starting your payments…</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          {progress?.is_done ? 'Done' : 'Close'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
