import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describePaymentRelease, type InvoiceRecord } from '@crewpay/core';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useMarkRelease, usePaymentRelease, useUnmarkRelease } from '../../../entities/invoices/index.ts';

/**
 * The Funded payments card's "Release when paid": marked, the payments wait and are executed by
 * themselves once the invoice's payment goes through; what they wait for (or why they are held)
 * is said here. Owners and admins mark and unmark (the server refuses anyone else).
 */
export function ReleaseWhenPaid({ invoice }: { invoice: InvoiceRecord }) {
  const { data: release, isPending } = usePaymentRelease(invoice.id);
  const { data: viewer } = useCurrentUser();
  const mark = useMarkRelease(invoice.id);
  const unmark = useUnmarkRelease(invoice.id);
  const canChange = viewer?.role === 'owner' || viewer?.role === 'admin';
  if (isPending || invoice.funded_payments.length === 0) return null;
  if (!release) {
    if (invoice.status !== 'requires_info' || invoice.processor === 'offline' || !canChange) return null;
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" size="small" disabled={mark.isPending} onClick={() => mark.mutate()}>
          Release when paid
        </Button>
        <Typography variant="body2" color="text.secondary">
          Execute these payments by themselves once the invoice is paid
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="body2" role="status" color={release.status === 'held' ? 'error.main' : 'text.primary'}>
        Release when paid: {describePaymentRelease(release)}
      </Typography>
      {release.status !== 'released' && canChange && (
        <Button size="small" disabled={unmark.isPending} onClick={() => unmark.mutate()}>
          Stop waiting
        </Button>
      )}
    </Stack>
  );
}
