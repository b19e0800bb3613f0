import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { twoFactorMessages } from '@crewpay/core';
import { hasPasskeySupport, usePasskeys, useVerifyWithPasskey } from '../api/passkeys.ts';
import { useVerifyFactor } from '../api/verify-factor.ts';

/**
 * Asks for a code from the authenticator app (or a recovery code), or one of the person's
 * passkeys, then runs `onVerified` (the refused action again). Opened by the API client for any
 * call refused with fresh_factor_required.
 */
export function ReverifyDialog({ onVerified, onClose }: { onVerified: () => void; onClose: () => void }) {
  const [code, setCode] = useState('');
  const verify = useVerifyFactor();
  const withPasskey = useVerifyWithPasskey();
  const canUsePasskey = hasPasskeySupport();
  const { data: passkeys } = usePasskeys({ isEnabled: canUsePasskey });
  const done = () => {
    onVerified();
    onClose();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await verify.mutateAsync(code);
    done();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="reverify-title">
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogTitle id="reverify-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{twoFactorMessages.freshFactor}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label="Authentication code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'text', maxLength: 20 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          {canUsePasskey && passkeys && passkeys.data.length > 0 && (
            <Button
              sx={{ mr: 'auto' }}
              loading={withPasskey.isPending}
              onClick={() =>
                void withPasskey
                  .mutateAsync()
                  .then(done)
                  .catch(() => undefined)
              }
            >
              Use a passkey
            </Button>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={verify.isPending}>
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
