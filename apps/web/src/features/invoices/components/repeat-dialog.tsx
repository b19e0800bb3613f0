import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useCreateSchedule } from '../../../entities/invoices/index.ts';
import { defaultRepeat, RepeatFields, scheduleBodyOf } from './repeat-fields.tsx';

/** Repeat an open invoice: by default its next copy comes a month after the invoice's own date. */
export function RepeatDialog({ invoiceId, issuedOn, onClose }: { invoiceId: string; issuedOn: string; onClose: () => void }) {
  const create = useCreateSchedule();
  const [value, setValue] = useState(() => defaultRepeat(issuedOn));
  const checked = scheduleBodyOf(value);
  const submit = () => {
    if ('body' in checked) create.mutate({ invoiceId, body: checked.body }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="repeat-title">
      <DialogTitle id="repeat-title">Repeat invoice</DialogTitle>
      <DialogContent>
        <Stack sx={{ pt: 1 }}>
          <RepeatFields value={value} onChange={setValue} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={'error' in checked || create.isPending} onClick={submit}>
          Repeat
        </Button>
      </DialogActions>
    </Dialog>
  );
}
