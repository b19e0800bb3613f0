import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { formatCents } from '@crewpay/core';
import { failureMessage } from '../../../lib/notify.ts';
import { authenticateInSandbox } from '../api/pay.ts';

type Props = { clientSecret: string; amount: number; onDone: () => void; onAnotherMethod: () => void };

/** The sandbox's stand-in for the card issuer's 3-D Secure page (Stripe's test page: complete or fail the check). */
export function SandboxAuthenticationDialog({ clientSecret, amount, onDone, onAnotherMethod }: Props) {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answer = (outcome: 'complete' | 'fail') => {
    setBusy(true);
    setError(null);
    authenticateInSandbox({ client_secret: clientSecret, outcome })
      .then(onDone)
      .catch((cause: unknown) => setError(failureMessage(cause)))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open maxWidth="xs" fullWidth aria-labelledby="authenticate-title">
      <DialogTitle id="authenticate-title">Authenticate your card</DialogTitle>
      <DialogContent>
        <Typography>Your bank asks you to confirm this payment of {formatCents(amount)} (3-D Secure).</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Sandbox: complete the check, fail it to see a declined payment, or leave it to pay another way.
        </Typography>
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button disabled={isBusy} onClick={onAnotherMethod}>
          Use another payment method
        </Button>
        <Button disabled={isBusy} onClick={() => answer('fail')}>
          Fail authentication
        </Button>
        <Button variant="contained" disabled={isBusy} onClick={() => answer('complete')}>
          Complete authentication
        </Button>
      </DialogActions>
    </Dialog>
  );
}
