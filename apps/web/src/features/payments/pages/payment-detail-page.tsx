import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  approvalMessages,
  describePaymentRelease,
  formatCents,
  formatMinor,
  isUsdEstimate,
  paymentStatusLabels,
  usdAmountText,
  payoutMethodLabels,
  type PaymentRecord,
} from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useFundingInvoice, usePaymentRelease } from '../../../entities/invoices/index.ts';
import { PaymentActions, PaymentGateCard, PaymentScheduleCard, PaymentStatusChip, usePayment } from '../../../entities/payments/index.ts';
import { EditPaymentButton } from '../components/edit-payment-button.tsx';
import { BackupWithholdingNote } from '../components/backup-withholding-note.tsx';
import { PayoutAbroadCard } from '../components/payout-abroad-card.tsx';
import { ObjectTimeline } from '../../../components/object-timeline.tsx';

/** The date that tells what happened: Date failed, Date posted or Date returned, by status. */
function statusDate(payment: PaymentRecord): [string, string | null] | null {
  if (payment.status === 'failed') return ['Date failed', payment.date_failed];
  if (payment.status === 'succeeded') return ['Date posted', payment.date_posted];
  if (payment.status === 'returned') return ['Date returned', payment.date_returned];
  return null;
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 180, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value}
      </Typography>
    </Stack>
  );
}

/** A payment held for approval says so where its maker lands: nothing sent, who decides, where. */
function HeldForApprovalNotice({ payment }: { payment: PaymentRecord }) {
  if (payment.status !== 'awaiting_approval') return null;
  return (
    <Alert severity="info">
      {approvalMessages.heldNotice}{' '}
      <Link component={RouterLink} to="/payments?tab=approval_payments">
        See Approvals
      </Link>
    </Alert>
  );
}

/** /payments/{id}: one payment, its amounts and its dates. */
export default function PaymentDetailPage() {
  const { id = '' } = useParams();
  const { data: payment, isError, refetch } = usePayment(id);
  const { data: fundingInvoice } = useFundingInvoice(id);
  const { data: release } = usePaymentRelease(fundingInvoice?.id ?? '');
  if (isError) return <RetryNotice message="There was an issue retrieving your payment" onRetry={() => void refetch()} />;
  if (!payment) return <FullPageSpinner />;
  const dated = statusDate(payment);
  const recipientLink = payment.recipient_role === 'creator' ? `/creators/${payment.recipient}` : `/agentsManagers/${payment.recipient}`;
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {payment.currency_amount !== null && payment.amount_currency !== 'USD'
            ? formatMinor(payment.currency_amount, payment.amount_currency)
            : formatCents(payment.amount)}
        </Typography>
        <PaymentStatusChip status={payment.status} labels={paymentStatusLabels} />
      </Stack>
      <HeldForApprovalNotice payment={payment} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Field
          label="Recipient"
          value={
            <Link component={RouterLink} to={recipientLink}>
              {payment.recipient_name || payment.recipient_email}
            </Link>
          }
        />
        <Field label="Role" value={{ creator: 'Creator', agent: 'Agent', manager: 'Manager' }[payment.recipient_role]} />
        <Field label="Earnings" value={usdAmountText({ ...payment, amount: payment.earnings }, formatCents)} />
        <Field label="Split" value={`${payment.split}%`} />
        {payment.currency_amount !== null && payment.amount_currency !== 'USD' && (
          <Field label="Payee receives" value={`${formatMinor(payment.currency_amount, payment.amount_currency)} (as entered)`} />
        )}
        <Field
          label={isUsdEstimate(payment) ? 'Amount in USD' : 'Amount'}
          value={
            isUsdEstimate(payment)
              ? `${usdAmountText(payment, formatCents)}: at Nium's rate now; the quote you confirm at Execute fixes it`
              : formatCents(payment.amount)
          }
        />
        <Field label="Fee" value={formatCents(payment.fee)} />
        <Field label="State withholdings" value={formatCents(payment.state_withholdings)} />
        <Field label="Federal withholdings" value={formatCents(payment.federal_withholdings)} />
        <BackupWithholdingNote paymentId={payment.id} federalWithholdings={payment.federal_withholdings} amount={payment.amount} />
        <Field label="Memo" value={payment.memo || '—'} />
        {fundingInvoice && (
          <Field
            label="Funded by invoice"
            value={
              <Link component={RouterLink} to={`/invoices/${fundingInvoice.id}`}>
                {fundingInvoice.title}
              </Link>
            }
          />
        )}
        {release && <Field label="Release when paid" value={describePaymentRelease(release)} />}
        <Field
          label="Payment method"
          value={payment.method ? payoutMethodLabels[payment.method as keyof typeof payoutMethodLabels] : '—'}
        />
        <Field label="Date created" value={formatDateTime(payment.created_at)} />
        {payment.date_initiated && <Field label="Date initiated" value={formatDateTime(payment.date_initiated)} />}
        {dated && <Field label={dated[0]} value={dated[1] ? formatDateTime(dated[1]) : '—'} />}
        {payment.failure_reason && <Field label="Reason" value={payment.failure_reason} />}
        {payment.stripe_reference_id && <Field label="Reference" value={payment.stripe_reference_id.replaceAll('-', '').slice(0, 16)} />}
      </Paper>
      {payment.method === 'nium' && <PayoutAbroadCard paymentId={payment.id} />}
      <PaymentScheduleCard payment={payment} />
      <PaymentGateCard payment={payment} />
      {(payment.status === 'draft' || payment.status === 'requires_info') && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <PaymentActions selected={[payment]} onDone={() => void refetch()} />
          {payment.status === 'draft' && <EditPaymentButton selected={[payment]} />}
        </Stack>
      )}
      <ObjectTimeline kind="payment" id={payment.id} />
    </Stack>
  );
}
