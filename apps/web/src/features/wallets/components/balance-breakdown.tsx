import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, type WalletBreakdown } from '@crewpay/core';

const parts = [
  { key: 'available', label: 'Available', hint: 'Can be spent now', testId: 'us-wallet-balance' },
  { key: 'incoming', label: 'Incoming', hint: 'Added by ACH, not settled yet', testId: 'us-wallet-incoming' },
  { key: 'held', label: 'Held', hint: 'Reserved for payouts in flight', testId: 'us-wallet-held' },
] as const;

/** The wallet's balance and what it is made of: the transactions below add up to each figure. */
export function BalanceBreakdown({ breakdown }: { breakdown: WalletBreakdown }) {
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
        {parts.map((part) => (
          <Box key={part.key}>
            <Typography variant="caption" color="text.secondary" component="p">
              {part.label}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid={part.testId}>
              {formatCents(breakdown[part.key])}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {part.hint}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
