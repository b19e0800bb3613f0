import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeScheduleEvery, type InvoiceRecord, type InvoiceScheduleRecord } from '@crewpay/core';
import { canManageWallets, type Role } from '@crewpay/core/roles';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useInvoiceSchedule, useStopSchedule } from '../../../entities/invoices/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { EditScheduleDialog } from './edit-schedule-dialog.tsx';
import { DetailCard, type DetailLine } from '../../../components/detail-card.tsx';
import { RepeatDialog } from './repeat-dialog.tsx';

const statusLabels: Record<InvoiceScheduleRecord['status'], string> = { active: 'Active', stopped: 'Stopped', ended: 'Ended' };
const day = (date: string) => formatDate(`${date}T12:00:00`);

function endsOf(schedule: InvoiceScheduleRecord): string {
  if (schedule.count !== null) return `After ${schedule.count} invoice${schedule.count === 1 ? '' : 's'}`;
  return schedule.end_date ? `On ${day(schedule.end_date)}` : 'When stopped';
}

function scheduleLines(schedule: InvoiceScheduleRecord): DetailLine[] {
  return [
    ['Repeats', describeScheduleEvery(schedule.interval, schedule.every)],
    ['Status', statusLabels[schedule.status]],
    ['Next invoice', schedule.next_date ? day(schedule.next_date) : '—'],
    ['Invoices sent', String(schedule.sent_count)],
    ['Ends', endsOf(schedule)],
  ];
}

/** Repeat: the schedule this invoice starts or was sent by; Repeat for an open invoice; Edit and Stop for owners and admins. */
export function ScheduleCard({ invoice }: { invoice: InvoiceRecord }) {
  const { data } = useInvoiceSchedule(invoice.id);
  const { data: user } = useCurrentUser();
  const stop = useStopSchedule();
  const [isRepeating, setRepeating] = useState(false);
  const [isStopping, setStopping] = useState(false);
  const [isEditing, setEditing] = useState(false);
  const schedule = data?.schedule ?? null;
  const canStop = schedule?.status === 'active' && user !== undefined && canManageWallets(user.role as Role);
  const action = schedule
    ? canStop && (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={() => setStopping(true)}>
            Stop
          </Button>
        </Stack>
      )
    : invoice.status === 'requires_info' && (
        <Button size="small" onClick={() => setRepeating(true)}>
          Repeat
        </Button>
      );
  return (
    <DetailCard title="Repeat" actions={action} rows={schedule ? scheduleLines(schedule) : undefined}>
      {!schedule && <Typography color="text.secondary">This invoice does not repeat</Typography>}
      {schedule && schedule.invoices.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} role="group" aria-label="Invoices sent by this schedule">
          {schedule.invoices.map((sent) => (
            <Link key={sent.id} component={RouterLink} to={`/invoices/${sent.id}`}>
              {sent.number}
            </Link>
          ))}
        </Stack>
      )}
      {isRepeating && (
        <RepeatDialog invoiceId={invoice.id} issuedOn={invoice.created_at.slice(0, 10)} onClose={() => setRepeating(false)} />
      )}
      {schedule && isEditing && <EditScheduleDialog schedule={schedule} onClose={() => setEditing(false)} />}
      {schedule && (
        <ConfirmDialog
          isOpen={isStopping}
          title="Stop this schedule?"
          confirmLabel="Stop"
          isPending={stop.isPending}
          onConfirm={() => stop.mutate(schedule.id, { onSuccess: () => setStopping(false) })}
          onClose={() => setStopping(false)}
        >
          No further invoice will be sent. The invoices already sent stay as they are.
        </ConfirmDialog>
      )}
    </DetailCard>
  );
}
