import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatCents, type InvoiceRecord, type PaymentRecord } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { paymentColumns } from '../../../entities/payments/index.ts';
import { useCampaignPayments } from '../api/lookups.ts';
import { earningsColumn } from './funded-payments-field.tsx';
import { DetailCard } from '../../../components/detail-card.tsx';
import { ReleaseWhenPaid } from './release-when-paid.tsx';

const columns = [
  ...paymentColumns.filter((column) => ['recipient_name', 'memo', 'amount', 'status'].includes(column.field)),
  earningsColumn,
];

/**
 * The invoice detail's Funded payments: the payments (links to /payments/{id}) with recipient,
 * memo, earnings, amount and status, and the tooltip's warning when their earnings differ from the
 * invoice amount (the rule its journal entry is checked by).
 */
export function FundedPaymentsCard({ invoice }: { invoice: InvoiceRecord }) {
  const { data } = useCampaignPayments(invoice.payment_group_id ?? '');
  const known = new Map((data?.data ?? []).map((payment) => [payment.id, payment]));
  const rows = invoice.funded_payments.flatMap((id) => known.get(id) ?? []);
  // The lookup reads the campaign's newest 100 payments; an older funded one still gets its link.
  const unlisted = data ? invoice.funded_payments.filter((id) => !known.has(id)) : [];
  const total = rows.reduce((sum, payment) => sum + payment.earnings, 0);
  const isMismatched = rows.length > 0 && unlisted.length === 0 && total !== invoice.amount;
  return (
    <DetailCard title="Funded payments">
      {invoice.funded_payments.length === 0 ? (
        <Typography color="text.secondary">This invoice funds no payments</Typography>
      ) : (
        <DataTable<PaymentRecord> ariaLabel="Funded payments" rows={rows} columns={columns} isLoading={!data} />
      )}
      {unlisted.map((id) => (
        <Link key={id} component={RouterLink} to={`/payments/${id}`}>
          Payment {id.slice(0, 8)}
        </Link>
      ))}
      <ReleaseWhenPaid invoice={invoice} />
      {isMismatched && (
        <Typography variant="body2" color="warning.main" role="alert">
          The funded payments' earnings total {formatCents(total)}, the invoice {formatCents(invoice.amount)}: accounting journal entries
          for this invoice will fail until they match.
        </Typography>
      )}
    </DetailCard>
  );
}
