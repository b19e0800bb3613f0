import { useSearchParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatCents, type WalletsAnswer } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useWallets } from '../api/get-wallets.ts';
import { NiumPanel } from '../components/nium-panel.tsx';
import { PaypalPanel } from '../components/paypal-panel.tsx';
import { UsWalletPanel, WalletNotSetup } from '../components/us-wallet-panel.tsx';

const tabs = [
  { value: 'usOnly', label: 'US-only' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'nium', label: 'Nium' },
] as const;

function totalOf(wallets: WalletsAnswer): number {
  return Object.values(wallets).reduce((sum, wallet) => sum + (wallet?.balances.reduce((s, b) => s + b.amount, 0) ?? 0), 0);
}

/** /wallets (owner and admin): tabs usOnly, paypal and nium, kept in ?tab=. */
export default function WalletsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((item) => item.value === params.get('tab'))?.value ?? 'usOnly';
  const { data: wallets, isError, refetch } = useWallets();
  if (isError) return <RetryNotice message="There was an issue retrieving your Wallets" onRetry={() => void refetch()} />;
  if (!wallets) return <FullPageSpinner />;
  const walletCount = Object.values(wallets).filter(Boolean).length;

  return (
    <Stack spacing={3}>
      {walletCount > 1 && (
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Typography variant="overline" color="text.secondary">
            Total balance
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {formatCents(totalOf(wallets))}
          </Typography>
        </Paper>
      )}
      <Tabs value={tab} onChange={(_event, value: string) => setParams({ tab: value })} aria-label="Wallets">
        {tabs.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {tab === 'usOnly' && (wallets.stripe ? <UsWalletPanel walletId={wallets.stripe.id} /> : <WalletNotSetup />)}
      {tab === 'paypal' && <PaypalPanel />}
      {tab === 'nium' && <NiumPanel />}
    </Stack>
  );
}
