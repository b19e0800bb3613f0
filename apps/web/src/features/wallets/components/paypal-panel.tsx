import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents } from '@crewpay/core';
import { useWallets } from '../api/get-wallets.ts';
import { useCompletePaypal, useDeactivatePaypal, usePaypalStatus, useRefreshWalletsWhenLinked } from '../api/paypal.ts';

/** What PayPal adds to the return address besides our code: none of it is kept in the address bar. */
const PAYPAL_RETURN_PARAMS = [
  'code',
  'merchantId',
  'merchantIdInPayPal',
  'permissionsGranted',
  'consentStatus',
  'productIntentId',
  'isEmailConfirmed',
  'accountStatus',
];

/**
 * PayPal: the organisation connects its own PayPal business account on PayPal's pages, which send
 * the browser back here with ?code=; then its balance (PayPal's) and Deactivate.
 */
export function PaypalPanel() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const complete = useCompletePaypal();
  const deactivate = useDeactivatePaypal();
  const isConnecting = code !== null || complete.isPending;
  const { data: status } = usePaypalStatus(isConnecting);
  const { data: wallets } = useWallets();
  const sentCode = useRef<string | null>(null);
  useRefreshWalletsWhenLinked(status?.status);

  useEffect(() => {
    if (!code || sentCode.current === code) return;
    sentCode.current = code;
    complete.mutate(code, {
      onSettled: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            for (const name of PAYPAL_RETURN_PARAMS) next.delete(name);
            return next;
          },
          { replace: true },
        ),
    });
  }, [code, complete, setParams]);

  const isLinked = status?.status === 'linked' && status.email;
  const balance = wallets?.paypal?.balances.reduce((sum, entry) => sum + entry.amount, 0);
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
        <Stack spacing={2} sx={{ mt: 1 }}>
          {balance !== undefined && (
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} aria-label="PayPal balance">
              {formatCents(balance)}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Typography>
              Linked to <strong>{status.email}</strong>
            </Typography>
            <Button color="error" variant="outlined" onClick={() => deactivate.mutate()} loading={deactivate.isPending}>
              Deactivate
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            Connect your organization's PayPal business account: payees who prefer PayPal or Venmo are paid from its balance.
          </Typography>
          <Button variant="contained" href={status?.url ?? undefined} disabled={!status?.url}>
            Connect PayPal
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
