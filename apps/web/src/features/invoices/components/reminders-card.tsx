import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeReminderStep, type InvoiceRecord } from '@crewpay/core';
import { useInvoiceReminders, useRemindersSent } from '../../../entities/invoices/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DetailCard } from '../../../components/detail-card.tsx';

/** Reminders: those the organisation's schedule sent, and Send reminder (a new pay link by email) while the invoice is open. */
export function RemindersCard({ invoice }: { invoice: InvoiceRecord }) {
  const { data } = useRemindersSent(invoice.id);
  const send = useInvoiceReminders();
  const reminders = data?.reminders ?? [];
  const action = invoice.status === 'requires_info' && (
    <Button size="small" disabled={send.isPending} onClick={() => send.mutate({ ids: [invoice.id], channel: 'email' })}>
      Send reminder
    </Button>
  );
  return (
    <DetailCard title="Reminders" actions={action}>
      {reminders.length === 0 && <Typography color="text.secondary">No scheduled reminder sent yet</Typography>}
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
        {reminders.map((reminder) => (
          <Typography key={reminder.step} component="li" variant="body2">
            {describeReminderStep(reminder.step)}: sent {formatDateTime(reminder.sent_at)}
          </Typography>
        ))}
      </Stack>
    </DetailCard>
  );
}
