import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { GridColDef, GridRowId } from '@mui/x-data-grid';
import { formatCents, type PaymentRecord } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { PaymentStatusChip } from '../../../entities/payments/index.ts';
import { useCampaignPayments } from '../api/lookups.ts';

type Props = { campaignId: string; amount: number | null; value: string[]; onChange: (ids: string[]) => void };

const FUNDED_PAYMENTS_TOOLTIP =
  'If the earnings of the funded payments do not match the invoice, accounting journal entries for this invoice will fail.';

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
const columns: GridColDef<PaymentRecord>[] = [
  {
    field: 'recipient_name',
    headerName: 'Recipient',
    flex: 1.2,
    minWidth: 150,
    sortable: false,
    valueGetter: (_value, row) => row.recipient_name || row.recipient_email || '',
  },
  { field: 'memo', headerName: 'Memo', flex: 1, minWidth: 110, sortable: false },
  earningsColumn,
  {
    field: 'amount',
    headerName: 'Amount',
    type: 'number',
    width: 110,
    sortable: false,
    valueFormatter: (value: number) => formatCents(value),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 130,
    sortable: false,
    renderCell: ({ row }) => <PaymentStatusChip status={row.status} />,
  },
];

/**
 * 'What Payments does this Invoice fund?': a selectable table of the campaign's payments (not
 * canceled ones), shown only when the campaign has some; warns when their earnings differ from
 * the invoice amount, the rule the invoice's journal entry is checked by (modules/accounting).
 */
export function FundedPaymentsField({ campaignId, amount, value, onChange }: Props) {
  const { data } = useCampaignPayments(campaignId);
  const payments = (data?.data ?? []).filter((payment) => payment.status !== 'canceled');
  if (payments.length === 0) return null;
  const funded = payments.filter((payment) => value.includes(payment.id)).reduce((sum, payment) => sum + payment.earnings, 0);
  const isMismatched = value.length > 0 && amount !== null && funded !== amount;
  return (
    <Card variant="outlined" component="section" aria-label="Funded payments">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              What Payments does this Invoice fund?
            </Typography>
            <Tooltip title={FUNDED_PAYMENTS_TOOLTIP}>
              <InfoOutlined fontSize="small" color="action" aria-label="About funded payments" />
            </Tooltip>
          </Stack>
          <DataTable<PaymentRecord>
            ariaLabel="Campaign payments"
            rows={payments}
            columns={columns}
            selectedIds={value}
            onSelectionChange={(ids: GridRowId[]) => onChange(ids.map(String))}
          />
          <Typography variant="body2" color={isMismatched ? 'warning.main' : 'text.secondary'} role={isMismatched ? 'alert' : undefined}>
            {isMismatched
              ? `Funded payments' earnings total ${formatCents(funded)}, the invoice ${formatCents(amount)}: accounting journal entries will fail until they match.`
              : `${value.length} selected${value.length > 0 ? `, earnings ${formatCents(funded)}` : ''}`}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
