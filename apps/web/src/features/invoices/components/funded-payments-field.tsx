import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatCents, type PaymentRecord } from '@crewpay/core';
import { TransferList, type TransferItemView } from '../../../components/transfer-list.tsx';
import { PaymentStatusChip } from '../../../entities/payments/index.ts';
import { useCampaignFundedPayments, useCampaignPayments } from '../api/lookups.ts';

type Props = { campaignId: string; amount: number | null; value: string[]; onChange: (ids: string[]) => void };

const FUNDED_PAYMENTS_TOOLTIP =
  'If the earnings of the funded payments are more than the invoice, accounting journal entries for this invoice will fail. An invoice above their earnings (a margin) is booked as it is.';

/** What the funded payments are checked by (their earnings against the invoice amount). */
export const earningsColumn: GridColDef<PaymentRecord> = {
  field: 'earnings',
  headerName: 'Earnings',
  type: 'number',
  width: 110,
  sortable: false,
  valueFormatter: (value: number) => formatCents(value),
};

// Plain text, not links: following a link would leave the unsaved invoice.
function paymentView(payment: PaymentRecord, fundedBy: string | undefined): TransferItemView {
  return {
    primary: payment.recipient_name || payment.recipient_email || '',
    secondary: (
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        {payment.memo && <span>{payment.memo}</span>}
        <span>Amount {formatCents(payment.amount)}</span>
        <PaymentStatusChip status={payment.status} />
        {fundedBy !== undefined && <span>Funded by {fundedBy}</span>}
      </Stack>
    ),
    end: formatCents(payment.earnings),
  };
}

/**
 * 'What Payments does this Invoice fund?': the spec's transfer list of the campaign's payments
 * (not canceled ones), shown only when the campaign has some. A payment another invoice funds
 * stays on the left and cannot be picked (the server refuses it with a 409). Warns when the
 * funded earnings are more than the invoice amount, the rule the invoice's journal entry is
 * checked by (modules/accounting); a margin is shown, not warned about.
 */
export function FundedPaymentsField({ campaignId, amount, value, onChange }: Props) {
  const { data } = useCampaignPayments(campaignId);
  const { data: fundedElsewhere } = useCampaignFundedPayments(campaignId);
  const payments = (data?.data ?? []).filter((payment) => payment.status !== 'canceled');
  // Until the other invoices are known, nothing could be told apart as pickable.
  if (payments.length === 0 || !fundedElsewhere) return null;
  const funded = payments.filter((payment) => value.includes(payment.id)).reduce((sum, payment) => sum + payment.earnings, 0);
  // The invoice's journal entry fails only when it does not cover what it funds (modules/accounting/sync.ts); a margin is fine.
  const isShort = value.length > 0 && amount !== null && funded > amount;
  const margin = value.length > 0 && amount !== null && amount > funded ? amount - funded : 0;
  return (
    <Card variant="outlined" component="section" aria-label="Funded payments">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              What Payments does this Invoice fund?
            </Typography>
            <Tooltip title={FUNDED_PAYMENTS_TOOLTIP}>
              <InfoOutlined fontSize="small" color="action" aria-label="About funded payments" />
            </Tooltip>
          </Stack>
          <TransferList<PaymentRecord>
            items={payments}
            getId={(payment) => payment.id}
            view={(payment) => paymentView(payment, fundedElsewhere.get(payment.id))}
            isDisabled={(payment) => fundedElsewhere.has(payment.id)}
            value={value}
            onChange={onChange}
            titles={{ left: 'Campaign payments', right: 'Funded by this invoice' }}
            columns={{ main: 'Payment', end: 'Earnings' }}
            emptyText="No payments"
          />
          <Typography variant="body2" color={isShort ? 'warning.main' : 'text.secondary'} role={isShort ? 'alert' : undefined}>
            {isShort
              ? `Funded payments' earnings total ${formatCents(funded)}, more than the invoice's ${formatCents(amount)}: accounting journal entries will fail until the invoice covers them.`
              : `${value.length} funded${value.length > 0 ? `, earnings ${formatCents(funded)}` : ''}${margin > 0 ? `, margin ${formatCents(margin)}` : ''}`}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
