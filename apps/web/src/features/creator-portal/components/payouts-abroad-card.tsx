import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, formatMinor, type PayoutAbroadStatus } from '@crewpay/core';
import { payoutAbroadStatusLabels, RfiForm } from '../../../entities/payments/index.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useAnswerOwnRfi, usePayoutsAbroad } from '../api/portal-abroad.ts';

const openQuestions = (payout: PayoutAbroadStatus) => payout.rfis.filter((rfi) => rfi.status === 'RFI_REQUESTED');

/** One payment abroad: what it is, where it is, when it should arrive, and Nium's open questions with their answer forms. */
function PayoutAbroad({ payout }: { payout: PayoutAbroadStatus }) {
  const answer = useAnswerOwnRfi(payout.payment_id);
  const questions = openQuestions(payout);
  const receives =
    payout.destination_amount === null ? '' : ` (you receive ${formatMinor(payout.destination_amount, payout.destination_currency)})`;
  return (
    <Stack
      spacing={1.5}
      component="li"
      aria-label={`Payment of ${formatCents(payout.source_amount)}`}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {`${formatCents(payout.source_amount)}${receives}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`${payoutAbroadStatusLabels[payout.status] ?? payout.status}${
          payout.estimated_arrival ? ` · Expected ${formatLongDate(payout.estimated_arrival)}` : ''
        }`}
      </Typography>
      {questions.map((rfi) => (
        <RfiForm key={rfi.rfi_id} rfi={rfi} isPending={answer.isPending} onSubmit={(body) => answer.mutate(body)} />
      ))}
    </Stack>
  );
}

/**
 * /creator/payments: the payee's payments abroad through Nium, the ones Nium needs information
 * about first (its question and the fields it asks for, answered here); hidden when there are none.
 */
export function PayoutsAbroadCard() {
  const { data = [] } = usePayoutsAbroad();
  if (data.length === 0) return null;
  const needing = data.filter((payout) => openQuestions(payout).length > 0);
  const ordered = [...needing, ...data.filter((payout) => !needing.includes(payout))];
  return (
    <Card variant="outlined" component="section" aria-label="Payments abroad">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Payments abroad
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {needing.length > 0
            ? `Nium needs information about ${needing.length === 1 ? 'one payment' : `${needing.length} payments`} before paying your bank.`
            : 'Where each payment to your bank abroad is.'}
        </Typography>
        <Stack component="ul" sx={{ m: 0, p: 0 }}>
          {ordered.map((payout) => (
            <PayoutAbroad key={payout.payment_id} payout={payout} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
