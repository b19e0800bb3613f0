import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canManageWallets, paymentGateMessages, scheduleFrequencyLabels, type PaymentRecord, type ScheduleRecord } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useCancelSchedule, usePaymentSchedules } from '../api/schedules.ts';
import { SchedulePaymentDialog } from './schedule-payment-dialog.tsx';

/**
 * "Every month until 3/1/2027" or "Once", and when the next run is; a run whose payment waits for
 * its contract or deliverable says so (issue 31): it executes once released, not at the next run.
 */
export function describeSchedule(schedule: ScheduleRecord): string {
  const waits =
    schedule.waiting_reasons.length > 0 ? `${schedule.waiting_reasons.join(' · ')} · ${paymentGateMessages.executeOnRelease}` : '';
  if (schedule.status !== 'active') return waits;
  return [describeRuns(schedule), waits].filter(Boolean).join(' · ');
}

function describeRuns(schedule: ScheduleRecord): string {
  const repeat = scheduleFrequencyLabels[schedule.frequency];
  const end = schedule.ends_on
    ? ` until ${formatDate(`${schedule.ends_on}T12:00:00`)}`
    : schedule.max_runs && schedule.frequency !== 'once'
      ? `, ${schedule.max_runs} payments`
      : '';
  return `${repeat}${end} · next on ${formatDate(schedule.next_run_at.slice(0, 10) + 'T12:00:00')}`;
}

/**
 * A draft's schedule on its page: when it executes, and Cancel; or Schedule for a draft that has
 * none. Owners and admins schedule and cancel (the same people who execute).
 */
export function PaymentScheduleCard({ payment }: { payment: PaymentRecord }) {
  const { data: user } = useCurrentUser();
  const { data: schedules } = usePaymentSchedules(payment.id);
  const cancel = useCancelSchedule();
  const [isScheduling, setScheduling] = useState(false);
  const active = schedules?.find((schedule) => schedule.status === 'active');
  // An ended schedule whose run waits for the contract or a deliverable is still to come.
  const shown = active ?? schedules?.find((schedule) => schedule.waiting_reasons.length > 0);
  const mayManage = Boolean(user && canManageWallets(user.role));
  if (!schedules || (!shown && (payment.status !== 'draft' || !mayManage))) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Schedule">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack>
          <Typography variant="subtitle2">Schedule</Typography>
          <Typography variant="body2" color="text.secondary">
            {shown ? describeSchedule(shown) : 'Not scheduled'}
          </Typography>
        </Stack>
        {mayManage && active && (
          <Button color="error" onClick={() => cancel.mutate(active.id)} loading={cancel.isPending}>
            Cancel schedule
          </Button>
        )}
        {mayManage && !shown && (
          <Button variant="outlined" onClick={() => setScheduling(true)}>
            Schedule
          </Button>
        )}
      </Stack>
      <SchedulePaymentDialog ids={[payment.id]} isOpen={isScheduling} onClose={() => setScheduling(false)} />
    </Paper>
  );
}
