import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  createInvoiceScheduleBody,
  MAX_SCHEDULE_COUNT,
  MAX_SCHEDULE_EVERY,
  schedulePeriodDate,
  type CreateInvoiceScheduleBody,
  type InvoiceScheduleRecord,
  type ScheduleInterval,
} from '@crewpay/core';

export type RepeatValue = {
  interval: ScheduleInterval;
  every: string;
  startDate: string;
  ends: 'never' | 'date' | 'count';
  endDate: string;
  count: string;
};

/** The default: the next invoice one month after `day` (the invoice's date), never ending. */
export function defaultRepeat(day: string): RepeatValue {
  return { interval: 'month', every: '1', startDate: schedulePeriodDate(day, 'month', 1, 1), ends: 'never', endDate: '', count: '' };
}

/** The body of POST /v1/invoices/{id}/schedule, or the first message that says what is wrong. */
export function scheduleBodyOf(value: RepeatValue): { body: CreateInvoiceScheduleBody } | { error: string } {
  const parsed = createInvoiceScheduleBody.safeParse({
    interval: value.interval,
    every: Number(value.every),
    start_date: value.startDate,
    end_date: value.ends === 'date' ? value.endDate : null,
    count: value.ends === 'count' ? Number(value.count) : null,
  });
  return parsed.success ? { body: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Check the repeat settings' };
}

/** A schedule as the fields show it, to change its repeat and end (its start stays). */
export function repeatOfSchedule(schedule: InvoiceScheduleRecord): RepeatValue {
  return {
    interval: schedule.interval,
    every: String(schedule.every),
    startDate: schedule.start_date,
    ends: schedule.count !== null ? 'count' : schedule.end_date ? 'date' : 'never',
    endDate: schedule.end_date ?? '',
    count: schedule.count === null ? '' : String(schedule.count),
  };
}

/**
 * Repeat: monthly or weekly, every N, from a start date, until an end date, a count, or Stop.
 * Editing a schedule hides the start date: it has already started.
 */
export function RepeatFields({
  value,
  onChange,
  showStart = true,
}: {
  value: RepeatValue;
  onChange: (next: RepeatValue) => void;
  showStart?: boolean;
}) {
  const set = (changes: Partial<RepeatValue>) => onChange({ ...value, ...changes });
  const checked = scheduleBodyOf(value);
  const error = 'error' in checked ? checked.error : null;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Repeat"
          value={value.interval}
          onChange={(event) => set({ interval: event.target.value as ScheduleInterval })}
        >
          <MenuItem value="month">Monthly</MenuItem>
          <MenuItem value="week">Weekly</MenuItem>
        </TextField>
        <TextField
          label={value.interval === 'month' ? 'Every (months)' : 'Every (weeks)'}
          type="number"
          sx={{ minWidth: 150 }}
          value={value.every}
          onChange={(event) => set({ every: event.target.value })}
          slotProps={{ htmlInput: { min: 1, max: MAX_SCHEDULE_EVERY } }}
        />
        {showStart && (
          <TextField
            label="Next invoice on"
            type="date"
            value={value.startDate}
            onChange={(event) => set({ startDate: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Stack>
      <RadioGroup row aria-label="Ends" value={value.ends} onChange={(event) => set({ ends: event.target.value as RepeatValue['ends'] })}>
        <FormControlLabel value="never" control={<Radio />} label="Until stopped" />
        <FormControlLabel value="date" control={<Radio />} label="Until a date" />
        <FormControlLabel value="count" control={<Radio />} label="A number of invoices" />
      </RadioGroup>
      {value.ends === 'date' && (
        <TextField
          label="End date"
          type="date"
          value={value.endDate}
          onChange={(event) => set({ endDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      {value.ends === 'count' && (
        <TextField
          label="Number of invoices"
          type="number"
          value={value.count}
          onChange={(event) => set({ count: event.target.value })}
          slotProps={{ htmlInput: { min: 1, max: MAX_SCHEDULE_COUNT } }}
        />
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
