import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMinor, type PayoutAbroadStatus } from '@crewpay/core';
import { payoutAbroadStatusLabels as statusLabels, RfiForm as AnswerForm } from '../../../entities/payments/index.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useAnswerRfi, usePayoutAbroad } from '../api/abroad.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 180, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Stack>
  );
}

type Rfi = PayoutAbroadStatus['rfis'][number];

/** The owner answers one of Nium's questions (POST /v1/payments/:id/rfi). */
function RfiForm({ paymentId, rfi }: { paymentId: string; rfi: Rfi }) {
  const answer = useAnswerRfi(paymentId);
  return <AnswerForm rfi={rfi} isPending={answer.isPending} onSubmit={(body) => answer.mutate(body)} />;
}

/**
 * A payment abroad on its page: where it is at Nium, its transfer id, what the payee receives in
 * their currency and when it should arrive; Nium's open questions (RFI), answered here.
 */
export function PayoutAbroadCard({ paymentId }: { paymentId: string }) {
  const { data: status } = usePayoutAbroad(paymentId, true);
  if (!status) return null;
  const open = status.rfis.filter((rfi) => rfi.status === 'RFI_REQUESTED');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label="Payment abroad">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Payment abroad
      </Typography>
      <Row label="Status" value={statusLabels[status.status] ?? status.status} />
      <Row label="Transfer id" value={status.transfer_id ?? '—'} />
      <Row
        label="Payee receives"
        value={status.destination_amount === null ? '—' : formatMinor(status.destination_amount, status.destination_currency)}
      />
      {status.rate && <Row label="Rate" value={`1 ${status.source_currency} = ${status.rate} ${status.destination_currency}`} />}
      <Row label="Expected arrival" value={status.estimated_arrival ? formatLongDate(status.estimated_arrival) : '—'} />
      {open.length > 0 && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {open.map((rfi) => (
            <RfiForm key={rfi.rfi_id} paymentId={paymentId} rfi={rfi} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
