import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UserRecord } from '@crewpay/core';
import { displayName, formatDateTime } from '../../lib/format.ts';
import { useReloadWhenActingEnds, useStopActing } from '../../lib/session/acting.ts';

/** While an owner or admin acts as someone else: who they are acting as, until when (it ends by itself), and the way back. */
export function ActingBanner({ user }: { user: UserRecord }) {
  const stop = useStopActing();
  useReloadWhenActingEnds(user.acting_by?.expires_at);
  if (!user.acting_by) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role="status"
      sx={{ borderRadius: 0, py: 0, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" variant="outlined" loading={stop.isPending} onClick={() => stop.mutate()}>
          Back to my account
        </Button>
      }
    >
      Acting as {displayName(user)} (signed in as {displayName(user.acting_by)})
      {user.acting_by.expires_at ? ` until ${formatDateTime(user.acting_by.expires_at)}` : ''}. Everything you see and change is recorded,
      and they are told.
    </Alert>
  );
}
