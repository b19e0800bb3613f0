import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { InvoiceScheduleRecord } from '@crewpay/core';
import { useUpdateSchedule } from '../../../entities/invoices/index.ts';
import { RepeatFields, repeatOfSchedule, scheduleBodyOf } from './repeat-fields.tsx';

/** Change how an active schedule repeats and when it ends; the invoices already sent stay sent. */
export function EditScheduleDialog({ schedule, onClose }: { schedule: InvoiceScheduleRecord; onClose: () => void }) {
  const update = useUpdateSchedule();
  const [value, setValue] = useState(() => repeatOfSchedule(schedule));
  // The create rules check the fields (one end, not before the start); the start itself is not sent.
  const checked = scheduleBodyOf(value);
  const submit = () => {
    if (!('body' in checked)) return;
    const { interval, every, end_date, count } = checked.body;
    update.mutate({ scheduleId: schedule.id, body: { interval, every, end_date, count } }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="edit-schedule-title">
      <DialogTitle id="edit-schedule-title">Edit schedule</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>A new repeat counts from the last invoice sent. Invoices already sent are not sent again.</DialogContentText>
          <RepeatFields value={value} onChange={setValue} showStart={false} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={'error' in checked || update.isPending} onClick={submit}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
