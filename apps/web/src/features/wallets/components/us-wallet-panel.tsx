import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { WALLET_NOT_USABLE, walletPrimaryAction } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useWallet, useWalletUsable } from '../api/get-wallets.ts';
import { AddFundsDialog } from './add-funds-dialog.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useUnfreezeWallet } from '../api/wallet-actions.ts';
import { BalanceBreakdown } from './balance-breakdown.tsx';
import { MovementsTable } from './movements-table.tsx';
import { TransferFundsDialog } from './transfer-funds-dialog.tsx';

export function WalletNotSetup() {
  return (
    <Paper variant="outlined" sx={{ p: 4, borderRadius: 3, textAlign: 'center' }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Your US-only Wallet is not setup
      </Typography>
      <Link component={RouterLink} to="/createFundAcct">
        Activate your account
      </Link>
    </Paper>
  );
}

function AccountDetails({ accountNumber, routingNumber }: { accountNumber: string; routingNumber: string }) {
  const [isShown, setIsShown] = useState(false);
  if (!isShown) {
    return (
      <Button size="small" onClick={() => setIsShown(true)} sx={{ alignSelf: 'flex-start', px: 0 }}>
        Show account details
      </Button>
    );
  }
  return (
    <Stack direction="row" spacing={4} aria-label="Account details">
      <Box>
        <Typography variant="caption" color="text.secondary">
          Account number
        </Typography>
        <Typography sx={{ fontFamily: 'monospace' }}>{accountNumber}</Typography>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          Routing number
        </Typography>
        <Typography sx={{ fontFamily: 'monospace' }}>{routingNumber}</Typography>
      </Box>
      <Button size="small" onClick={() => setIsShown(false)}>
        Hide
      </Button>
    </Stack>
  );
}

/** The US-only wallet: balance, account details on demand, Transfer funds and the primary button. */
/** Why the wallet cannot move money yet (Stripe still needs something, or is verifying), with the way to the Verification page. */
function NotUsableNotice() {
  const { data } = useWalletUsable();
  if (!data || data.wallet_usable || (data.status !== 'action_required' && data.status !== 'pending_verification')) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to="/verification" color="inherit" size="small">
          See what Stripe needs
        </Button>
      }
    >
      {WALLET_NOT_USABLE[data.status]}
    </Alert>
  );
}

export function UsWalletPanel({ walletId }: { walletId: string }) {
  const { data: wallet, refetch } = useWallet(walletId);
  const [dialog, setDialog] = useState<'add' | 'transfer' | null>(null);
  const unfreeze = useUnfreezeWallet(walletId);
  const isOwner = useCurrentUser().data?.role === 'owner';
  if (!wallet) return <FullPageSpinner />;
  const primaryLabel = walletPrimaryAction(wallet);
  const bank = wallet.payment_method?.us_bank_account;

  return (
    <Stack spacing={3}>
      <NotUsableNotice />
      <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
        >
          <Stack spacing={1}>
            <Typography variant="overline" color="text.secondary">
              US-only Wallet
            </Typography>
            {wallet.breakdown && (
              <BalanceBreakdown
                breakdown={wallet.breakdown}
                onUnfreeze={isOwner ? () => unfreeze.mutate() : undefined}
                unfreezing={unfreeze.isPending}
              />
            )}
            {bank && (
              <Typography color="text.secondary">
                Funded from {bank.bank_name} ••••{bank.last4}
              </Typography>
            )}
            {wallet.account_details && (
              <AccountDetails accountNumber={wallet.account_details.account_number} routingNumber={wallet.account_details.routing_number} />
            )}
          </Stack>
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" onClick={() => setDialog('transfer')}>
              Transfer funds
            </Button>
            <Button variant="contained" onClick={() => setDialog('add')}>
              {primaryLabel}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Transactions
        </Typography>
        <MovementsTable walletId={wallet.id} />
      </Box>
      <AddFundsDialog wallet={wallet} isOpen={dialog === 'add'} onClose={() => setDialog(null)} onRefresh={() => void refetch()} />
      <TransferFundsDialog canTransferOut={wallet.can_transfer_out} isOpen={dialog === 'transfer'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
