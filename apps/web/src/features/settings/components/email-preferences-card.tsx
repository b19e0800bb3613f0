import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notificationEventKinds, notificationEventLabels, type NotificationEventKind } from '@crewpay/core';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences.ts';

/** Which notifications also come by email, chosen by each member for themselves. */
export function EmailPreferencesCard() {
  const { data } = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // null: untouched, the saved choice shows; the person's edits start from it.
  const [draft, setDraft] = useState<NotificationEventKind[] | null>(null);
  const chosen = draft ?? data?.email_events ?? [];
  const isChanged = draft !== null && [...draft].sort().join() !== [...(data?.email_events ?? [])].sort().join();
  const toggle = (kind: NotificationEventKind) =>
    setDraft(chosen.includes(kind) ? chosen.filter((item) => item !== kind) : [...chosen, kind]);

  return (
    <Card variant="outlined" component="section" aria-label="Email notifications" sx={{ maxWidth: 720 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Email notifications
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every notification shows in the bell. Choose the ones you also want by email.
        </Typography>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {notificationEventKinds.map((kind) => (
            <FormControlLabel
              key={kind}
              label={notificationEventLabels[kind]}
              control={<Checkbox checked={chosen.includes(kind)} onChange={() => toggle(kind)} disabled={!data} />}
            />
          ))}
        </FormGroup>
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
          <Button disabled={!isChanged || save.isPending} onClick={() => setDraft(null)}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={!isChanged || save.isPending}
            onClick={() => save.mutate({ email_events: chosen }, { onSuccess: () => setDraft(null) })}
          >
            Save
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
