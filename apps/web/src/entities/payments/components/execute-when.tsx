import { useState, type ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createScheduleBody } from '@crewpay/core';
import { useSchedulePayments } from '../api/schedules.ts';
import type { ExecutionSelection } from '../api/payments.ts';

type When = { field: ReactNode; confirmLabel: string; isPending: boolean; confirm: (executeNow: () => void) => () => void };

/**
 * "Execute now" or "Execute on <date>" inside the Execute dialog: a date makes the payments a
 * once-only schedule (the schedule dialog's rules and words, POST /v1/payment_schedules). Offered
 * for payments chosen one by one; a whole list's filter is executed now.
 */
export function useExecuteWhen(selection: ExecutionSelection, onScheduled: () => void): When {
  const [mode, setMode] = useState<'now' | 'on'>('now');
  const [executeOn, setExecuteOn] = useState('');
  const [error, setError] = useState<string | undefined>();
  const schedule = useSchedulePayments();
  const ids = 'ids' in selection && !selection.payment_group_id ? selection.ids : [];
  const isOn = mode === 'on' && ids.length > 0;

  const scheduleOn = () => {
    const body = { ids, execute_on: executeOn, frequency: 'once' as const };
    const parsed = createScheduleBody.safeParse(body);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) schedule.mutate(body, { onSuccess: onScheduled });
  };

  const field =
    ids.length === 0 ? null : (
      <Stack spacing={1}>
        <RadioGroup row value={mode} onChange={(event) => setMode(event.target.value as 'now' | 'on')} aria-label="When">
          <FormControlLabel value="now" control={<Radio />} label="Execute now" />
          <FormControlLabel value="on" control={<Radio />} label="Execute on a date" />
        </RadioGroup>
        {isOn && (
          <TextField
            label="Execute on"
            type="date"
            value={executeOn}
            onChange={(event) => setExecuteOn(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Stack>
    );
  return {
    field,
    confirmLabel: isOn ? 'Schedule' : 'Execute',
    isPending: schedule.isPending,
    confirm: (executeNow) => (isOn ? scheduleOn : executeNow),
  };
}
