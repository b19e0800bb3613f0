import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMinor, fundNiumWalletBody } from '@crewpay/core';
import { FormMoneyInput } from '../../../components/form/form-fields.tsx';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useFundNiumWallet, useNiumWallet } from '../api/nium.ts';

function FundForm({ onClose }: { onClose: () => void }) {
  const fund = useFundNiumWallet();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const { control, handleSubmit, formState } = useZodForm(fundNiumWalletBody, { defaultValues: {}, mode: 'onChange' });
  const onSubmit = handleSubmit(async ({ amount }) => {
    await fund.mutateAsync({ amount, idempotencyKey });
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Dollars move from your US wallet to your Nium wallet, where payments abroad are paid from.
        </Typography>
        <FormMoneyInput control={control} name="amount" label="Amount" required fullWidth autoFocus />
      </DialogContent>
      <FormDialogActions onCancel={onClose} submitLabel="Fund" canSubmit={formState.isValid} isPending={fund.isPending} />
    </form>
  );
}

/**
 * Wallets > Nium: what the organisation's Nium wallet holds per currency (available, held for
 * payments being executed, on its way to payees' banks) and, for owners, funding it from the US wallet.
 */
export function NiumPanel() {
  const { data: wallet, isError, refetch } = useNiumWallet();
  const isOwner = useCurrentUser().data?.role === 'owner';
  const [isFunding, setFunding] = useState(false);
  if (isError) return <RetryNotice message="There was an issue retrieving your Nium wallet" onRetry={() => void refetch()} />;
  if (!wallet) return <FullPageSpinner />;
  const balances = wallet.balances.length > 0 ? wallet.balances : [{ currency: 'USD', available: 0, held: 0, in_flight: 0 }];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Stack>
            <Typography variant="h6" component="h2">
              Nium wallet
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Payments abroad are paid from here, converted to each payee&apos;s currency.
            </Typography>
          </Stack>
          {isOwner && (
            <Button variant="contained" onClick={() => setFunding(true)} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
              Fund from US wallet
            </Button>
          )}
        </Stack>
        <Table size="small" aria-label="Nium wallet balances">
          <TableHead>
            <TableRow>
              <TableCell>Currency</TableCell>
              <TableCell align="right">Available</TableCell>
              <TableCell align="right">Held</TableCell>
              <TableCell align="right">On its way</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {balances.map((balance) => (
              <TableRow key={balance.currency}>
                <TableCell>{balance.currency}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatMinor(balance.available, balance.currency)}
                </TableCell>
                <TableCell align="right">{formatMinor(balance.held, balance.currency)}</TableCell>
                <TableCell align="right">{formatMinor(balance.in_flight, balance.currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Dialog open={isFunding} onClose={() => setFunding(false)} maxWidth="xs" fullWidth aria-labelledby="fund-nium-title">
        <DialogTitle id="fund-nium-title">Fund the Nium wallet</DialogTitle>
        {isFunding && <FundForm onClose={() => setFunding(false)} />}
      </Dialog>
    </Stack>
  );
}
