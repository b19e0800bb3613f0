import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { forgetPlaidLink, recallPlaidLink, type LinkedAfterOAuth } from '../components/plaid-oauth-state.ts';

// Plaid's script is only downloaded on this page and the pay page, where the real bank link runs.
const PlaidLink = lazy(() => import('../components/plaid-link.tsx'));

/**
 * /oauth-redirect: where a bank that logs in by OAuth sends the payer back (the link token's
 * redirect_uri). Link opens again with the same token and this address, finishes, and the payer
 * returns to the invoice's pay page to confirm, with the bank they linked.
 */
export default function PlaidOAuthPage() {
  const navigate = useNavigate();
  const [session] = useState(recallPlaidLink);
  const [receivedRedirectUri] = useState(() => window.location.href);
  if (!session)
    return (
      <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: 4 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={1} sx={{ textAlign: 'center', py: 2 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              Something went wrong.
            </Typography>
            <Typography color="text.secondary">
              This bank link has expired: open your invoice's payment link again and connect your bank.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    );
  const backToInvoice = (state: LinkedAfterOAuth | null) => {
    forgetPlaidLink();
    void navigate(`/invoices/pay?id=${encodeURIComponent(session.pay_link_id)}`, { replace: true, state });
  };
  return (
    <>
      <FullPageSpinner />
      <Suspense fallback={null}>
        <PlaidLink
          linkToken={session.link_token}
          receivedRedirectUri={receivedRedirectUri}
          onLinked={(bank) => backToInvoice({ bank })}
          onClose={() => backToInvoice(null)}
        />
      </Suspense>
    </>
  );
}
