import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { disputeStatusLabels, formatCents, formatInvoiceAmount, type ChargeRecord } from '@crewpay/core';
import { canManageWallets, type Role } from '@crewpay/core/roles';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { formatDate } from '../../../lib/format.ts';
import { DetailCard } from '../../../components/detail-card.tsx';
import { RefundDialog } from './refund-dialog.tsx';

const chargeStatus = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed', reversed: 'Reversed' } as const;
const refundStatus = { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed' } as const;
const words = (code: string) => code.replaceAll('_', ' ');

function ChargeLine({ charge, onRefund }: { charge: ChargeRecord; onRefund: (() => void) | null }) {
  return (
    <Stack spacing={0.5} aria-label="Charge">
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2">
          {charge.charge_type === 'card' ? 'Card' : 'Bank transfer (ACH)'} · {charge.method_label}
        </Typography>
        <Typography variant="body2">
          {formatInvoiceAmount(charge.amount, charge.currency)} (fee {formatInvoiceAmount(charge.fee, charge.currency)}) ·{' '}
          {chargeStatus[charge.status]}
          {charge.failure_reason ? ` (${words(charge.failure_reason)})` : ''}
        </Typography>
      </Stack>
      {charge.settled_usd !== null && (
        <Typography variant="body2" color="text.secondary" aria-label="Settled in USD">
          Settled {formatCents(charge.settled_usd)} in USD at {charge.exchange_rate} USD per {charge.currency.toUpperCase()}
        </Typography>
      )}
      {charge.refunds.map((refund) => (
        <Typography key={refund.id} variant="body2" color="text.secondary" aria-label="Refund">
          Refund {formatCents(refund.amount)} · {refundStatus[refund.status]}
          {refund.failure_reason ? ` (${words(refund.failure_reason)})` : ''} · {formatDate(refund.created_at)}
        </Typography>
      ))}
      {charge.dispute && (
        <Typography variant="body2" color="error" aria-label="Dispute">
          Disputed {formatCents(charge.dispute.amount)} ({words(charge.dispute.reason)}) ·{' '}
          {disputeStatusLabels[charge.dispute.status] ?? words(charge.dispute.status)}
          {charge.dispute.funds_withdrawn_at && !charge.dispute.funds_reinstated_at ? ' · taken from your wallet' : ''}
          {charge.dispute.funds_reinstated_at ? ' · given back' : ''}
          {charge.dispute.evidence_due_by && !charge.dispute.closed_at
            ? ` · evidence due ${formatDate(charge.dispute.evidence_due_by)}`
            : ''}
        </Typography>
      )}
      {onRefund && (
        <Button size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={onRefund}>
          Refund
        </Button>
      )}
    </Stack>
  );
}

/** Payment info: each payment attempt, its refunds and its dispute; owners and admins refund what is left of a paid one. */
export function PaymentInfoCard({ invoiceId, attempts }: { invoiceId: string; attempts: ChargeRecord[] }) {
  const { data: user } = useCurrentUser();
  const [refunding, setRefunding] = useState<ChargeRecord | null>(null);
  const canRefund = user ? canManageWallets(user.role as Role) : false;
  return (
    <DetailCard title="Payment info">
      {attempts.length === 0 && <Typography color="text.secondary">No payment yet</Typography>}
      <Stack spacing={1.5}>
        {attempts.map((charge) => (
          <ChargeLine key={charge.id} charge={charge} onRefund={canRefund && charge.refundable > 0 ? () => setRefunding(charge) : null} />
        ))}
      </Stack>
      {refunding && <RefundDialog invoiceId={invoiceId} charge={refunding} onClose={() => setRefunding(null)} />}
    </DetailCard>
  );
}
