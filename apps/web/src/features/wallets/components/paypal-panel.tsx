import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCompletePaypal, useDeactivatePaypal, usePaypalStatus } from '../api/paypal.ts';

/** PayPal: connect through PayPal's consent page, which comes back here with ?code=. */
export function PaypalPanel() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const complete = useCompletePaypal();
  const deactivate = useDeactivatePaypal();
  const isConnecting = code !== null || complete.isPending;
  const { data: status } = usePaypalStatus(isConnecting);
  const sentCode = useRef<string | null>(null);

  useEffect(() => {
    if (!code || sentCode.current === code) return;
    sentCode.current = code;
    complete.mutate(code, {
      onSettled: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('code');
            return next;
          },
          { replace: true },
        ),
    });
  }, [code, complete, setParams]);

  const isLinked = status?.status === 'linked' && status.email;
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
      <Typography variant="overline" color="text.secondary">
        PayPal
      </Typography>
      {isConnecting || status?.status === 'connecting' ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1 }}>
          <CircularProgress size={20} />
          <Typography>Connecting your PayPal account...</Typography>
        </Stack>
      ) : isLinked ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mt: 1 }}
        >
          <Typography>
            Linked to <strong>{status.email}</strong>
          </Typography>
          <Button color="error" variant="outlined" onClick={() => deactivate.mutate()} loading={deactivate.isPending}>
            Deactivate
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <Typography color="text.secondary">Connect your PayPal account to pay creators who prefer PayPal.</Typography>
          <Button variant="contained" href={status?.url ?? undefined} disabled={!status?.url}>
            Connect PayPal
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
