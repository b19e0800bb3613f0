import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_REMINDER_STEPS,
  describeReminderStep,
  reminderSettingsBody,
  type ReminderSettingsRecord,
  type UserRecord,
} from '@crewpay/core';
import { useReminderSettings, useSaveReminderSettings } from '../../../entities/invoices/index.ts';

/** "-3, 0, 7" as days; a word that is no number stays NaN, so the schema says what is wrong. */
const daysOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);

function ReminderScheduleForm({ saved, canEdit }: { saved: ReminderSettingsRecord; canEdit: boolean }) {
  const save = useSaveReminderSettings();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [days, setDays] = useState((saved.steps.length ? saved.steps : DEFAULT_REMINDER_STEPS).join(', '));
  const parsed = reminderSettingsBody.safeParse({ enabled, steps: daysOf(days) });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Switch checked={enabled} disabled={!canEdit} onChange={(event) => setEnabled(event.target.checked)} />}
        label="Email reminders of unpaid invoices"
      />
      <TextField
        label="Reminder days"
        value={days}
        disabled={!canEdit}
        onChange={(event) => setDays(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? parsed.data?.steps.map(describeReminderStep).join('; ')}
        sx={{ maxWidth: 480 }}
      />
      {canEdit && (
        <Stack direction="row">
          <Button
            variant="contained"
            disabled={!parsed.success}
            loading={save.isPending}
            onClick={() => parsed.success && save.mutate(parsed.data)}
          >
            Save
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** Invoice reminders: the days, counted from the due date, on which unpaid invoices are emailed again (owners and admins set them). */
export function ReminderScheduleCard({ viewer }: { viewer: UserRecord }) {
  const { data } = useReminderSettings();
  return (
    <Card variant="outlined" component="section" aria-label="Invoice reminders">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Invoice reminders
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Days from the due date, separated by commas: -3 is three days before it, 0 the due date, 7 a week after. Each reminder emails the
          customer a new pay link, once, and never after the invoice is paid or canceled.
        </Typography>
        {data && <ReminderScheduleForm saved={data} canEdit={viewer.role === 'owner' || viewer.role === 'admin'} />}
      </CardContent>
    </Card>
  );
}
