import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeNet, formatInvoiceAmount } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { InvoiceStatusChip, useCharges, useInvoice, useUpdateInvoice } from '../../../entities/invoices/index.ts';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { EditInvoiceDialog } from '../components/edit-invoice-dialog.tsx';
import { FundedPaymentsCard } from '../components/funded-payments-card.tsx';
import { DetailCard } from '../../../components/detail-card.tsx';
import { PaymentInfoCard } from '../components/payment-info-card.tsx';
import { RemindersCard } from '../components/reminders-card.tsx';
import { ScheduleCard } from '../components/schedule-card.tsx';
import { ObjectTimeline } from '../../../components/object-timeline.tsx';

/** /invoices/{id}: Invoice info, Recipient info, Linked Campaign, Payment info (charges, refunds, disputes), Repeat, Reminders, Funded payments. */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const { data: invoice, isError, refetch } = useInvoice(id);
  const { data: charges } = useCharges(id);
  const markPaid = useUpdateInvoice(id);
  const [isEditing, setEditing] = useState(false);
  const download = useMutation({
    mutationFn: () => downloadWithSession(`/v1/invoices/${id}/pdf`, `Invoice-${invoice?.number ?? id}.pdf`),
    meta: { errorMessage: 'There was an issue downloading the document' },
  });
  if (isError) return <RetryNotice message="There was an issue retrieving your invoices" onRetry={() => void refetch()} />;
  if (!invoice) return <FullPageSpinner />;
  const attempts = charges?.[invoice.id] ?? [];
  const isOpen = invoice.status === 'requires_info';

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {invoice.number} · {invoice.title}
        </Typography>
        <InvoiceStatusChip status={invoice.status} />
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <DetailCard
            title="Invoice info"
            actions={
              <Stack direction="row" spacing={1}>
                <Button size="small" startIcon={<FileDownloadOutlined />} disabled={download.isPending} onClick={() => download.mutate()}>
                  Download PDF
                </Button>
                {invoice.processor === 'offline' && invoice.status !== 'canceled' && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={markPaid.isPending}
                    onClick={() => markPaid.mutate({ status: isOpen ? 'succeeded' : 'requires_info' })}
                  >
                    {isOpen ? 'Mark as paid' : 'Mark as unpaid'}
                  </Button>
                )}
                {isOpen && (
                  <Button size="small" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                )}
              </Stack>
            }
            rows={[
              ['Number', invoice.number],
              ['Amount', formatInvoiceAmount(invoice.amount, invoice.currency)],
              ['Terms', describeNet(invoice.net)],
              ['Due date', formatDate(`${invoice.due_date}T12:00:00`)],
              ['Description', invoice.description],
              [
                'Collected',
                invoice.processor === 'stripe'
                  ? ['Bank', 'Card']
                      .filter((method) => !invoice.disallowed_methods.includes(method.toLowerCase() as 'bank' | 'card'))
                      .join(' and ')
                  : 'Offline',
              ],
              ['Created', formatDateTime(invoice.created_at)],
              ...(invoice.paid_at ? ([['Paid', formatDateTime(invoice.paid_at)]] as [string, string][]) : []),
              ...(invoice.attachment_name ? ([['Attachment', invoice.attachment_name]] as [string, string][]) : []),
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DetailCard
            title="Recipient info"
            rows={[
              [
                'Name',
                <Link key="name" component={RouterLink} to={`/customers/${invoice.customer_id}`}>
                  {invoice.customer_name}
                </Link>,
              ],
              ['Email', invoice.customer_email ?? '—'],
              ['Attn', invoice.attn || '—'],
              ['CC', invoice.cc_emails.join(', ') || '—'],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DetailCard title="Linked Campaign">
            {invoice.payment_group_id ? (
              <Link component={RouterLink} to={`/campaigns/${invoice.payment_group_id}`}>
                {invoice.payment_group_title}
              </Link>
            ) : (
              <Typography color="text.secondary">No campaign</Typography>
            )}
          </DetailCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PaymentInfoCard invoiceId={invoice.id} attempts={attempts} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ScheduleCard invoice={invoice} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RemindersCard invoice={invoice} />
        </Grid>
        <Grid size={12}>
          <FundedPaymentsCard invoice={invoice} />
        </Grid>
        <Grid size={12}>
          <ObjectTimeline kind="invoice" id={invoice.id} />
        </Grid>
      </Grid>
      {isEditing && <EditInvoiceDialog invoice={invoice} isOpen onClose={() => setEditing(false)} />}
    </Stack>
  );
}
