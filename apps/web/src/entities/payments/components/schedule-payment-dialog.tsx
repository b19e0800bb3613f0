import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createScheduleBody, scheduleFrequencyLabels, type ScheduleFrequency } from '@crewpay/core';
import { useSchedulePayments } from '../api/schedules.ts';

type Props = { ids: string[]; isOpen: boolean; onClose: () => void };
type Errors = Partial<Record<'execute_on' | 'until' | 'count', string>>;

/** The server's rules and words, checked before sending (the server checks them again). */
function errorsOf(body: unknown): Errors {
  const parsed = createScheduleBody.safeParse(body);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Errors;
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** "Execute on": the payments are executed on that date, once or every week or month until a date or a count. */
export function SchedulePaymentDialog({ ids, isOpen, onClose }: Props) {
  const [executeOn, setExecuteOn] = useState('');
  const [frequency, setFrequency] = useState<ScheduleFrequency>('once');
  const [until, setUntil] = useState('');
  const [count, setCount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const schedule = useSchedulePayments();
  const repeating = frequency !== 'once';

  const submit = () => {
    const body = {
      ids,
      execute_on: executeOn,
      frequency,
      until: repeating && until ? until : null,
      count: repeating && count ? Number(count) : null,
    };
    const found = errorsOf(body);
    setErrors(found);
    if (Object.keys(found).length === 0) schedule.mutate(body, { onSuccess: onClose });
  };

  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="schedule-dialog-title">
      <DialogTitle id="schedule-dialog-title">Schedule payments</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Execute on"
            type="date"
            value={executeOn}
            onChange={(event) => setExecuteOn(event.target.value)}
            error={Boolean(errors.execute_on)}
            helperText={errors.execute_on}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField select label="Repeat" value={frequency} onChange={(event) => setFrequency(event.target.value as ScheduleFrequency)}>
            {Object.entries(scheduleFrequencyLabels).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          {repeating && (
            <Stack direction="row" spacing={2}>
              <TextField
                label="Until"
                type="date"
                value={until}
                onChange={(event) => setUntil(event.target.value)}
                error={Boolean(errors.until)}
                helperText={errors.until}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                label="Number of payments"
                type="number"
                value={count}
                onChange={(event) => setCount(event.target.value)}
                error={Boolean(errors.count)}
                helperText={errors.count}
                fullWidth
              />
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={schedule.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} variant="contained" loading={schedule.isPending}>
          Schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
