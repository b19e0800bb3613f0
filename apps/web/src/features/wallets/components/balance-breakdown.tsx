import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, type WalletBreakdown } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';

type Part = { key: 'available' | 'incoming' | 'held' | 'arriving' | 'frozen' | 'owed'; label: string; hint: string; testId: string };

/** What each place means; arriving says when it is expected, frozen and owed show only when there is some. */
function partsOf(breakdown: WalletBreakdown): Part[] {
  const expected = breakdown.arriving_expected_at ? `expected by ${formatDate(breakdown.arriving_expected_at)}` : 'not spendable yet';
  return [
    { key: 'available', label: 'Available', hint: 'Can be spent now', testId: 'us-wallet-balance' },
    { key: 'incoming', label: 'Incoming', hint: 'Added by ACH, not settled yet', testId: 'us-wallet-incoming' },
    { key: 'arriving', label: 'Arriving', hint: `Paid invoices on their way from Stripe, ${expected}`, testId: 'us-wallet-arriving' },
    { key: 'held', label: 'Held', hint: 'Reserved for payouts in flight', testId: 'us-wallet-held' },
    ...(breakdown.frozen > 0
      ? [{ key: 'frozen' as const, label: 'Frozen', hint: 'Held back until you review a debit', testId: 'us-wallet-frozen' }]
      : []),
    ...(breakdown.owed > 0
      ? [{ key: 'owed' as const, label: 'Owed', hint: 'Repaid first from the next money that arrives', testId: 'us-wallet-owed' }]
      : []),
  ];
}

/**
 * The wallet's balance and what it is made of, place by place (the transactions below add up to
 * each figure): only Available can be spent; invoice money is Arriving until Stripe's payout lands.
 */
export function BalanceBreakdown({
  breakdown,
  onUnfreeze,
  unfreezing,
}: {
  breakdown: WalletBreakdown;
  /** The owner reviewed the debits that froze the wallet; absent for someone who may not. */
  onUnfreeze?: () => void;
  unfreezing?: boolean;
}) {
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="us-wallet-total">
          {formatCents(breakdown.total)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Balance
        </Typography>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1.5 }} aria-label="Balance breakdown" role="group">
        {partsOf(breakdown).map((part) => (
          <Box key={part.key} sx={{ maxWidth: 220 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {part.label}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid={part.testId}>
              {formatCents(part.key === 'owed' ? -breakdown.owed : breakdown[part.key])}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {part.hint}
            </Typography>
          </Box>
        ))}
      </Stack>
      {breakdown.frozen > 0 && (
        <Alert
          severity="warning"
          action={
            onUnfreeze && (
              <Button color="inherit" size="small" onClick={onUnfreeze} disabled={unfreezing}>
                I reviewed it
              </Button>
            )
          }
        >
          Someone outside Crewpay debited this wallet. {formatCents(breakdown.frozen)} is frozen until the owner reviews the debit in the
          transactions below.
        </Alert>
      )}
      {breakdown.fees_owed > 0 && (
        <Alert severity="info">
          {formatCents(breakdown.fees_owed)} of Crewpay fees could not be collected yet: they are collected when money next arrives.
        </Alert>
      )}
    </Stack>
  );
}
