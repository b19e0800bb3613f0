import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { formatCents, type ComputedRow } from '@crewpay/core';
import { EarningsSplitMemoFields } from '../../../entities/payments/index.ts';
import { CreatorPicker, type CreatorOption } from './creator-picker.tsx';

export type PaymentStepRow = { key: number; creator: CreatorOption | null; earnings: number | null; split: number | null; memo: string };

type Props = { row: PaymentStepRow; computed: ComputedRow | undefined; onChange: (row: PaymentStepRow) => void; onRemove: () => void };

const shareOf = (computed: ComputedRow | undefined, role: 'agent' | 'manager') =>
  computed?.payments.find((payment) => payment.recipient_role === role);

/** A creator's payment row: earnings, split, memo; the computed amount and the manager's and agent's payments. */
export function PaymentStepRowFields({ row, computed, onChange, onRemove }: Props) {
  const own = computed?.payments.find((payment) => payment.recipient_role === 'creator');
  const manager = shareOf(computed, 'manager');
  const agent = shareOf(computed, 'agent');
  const isFilled = row.creator !== null && row.earnings !== null;
  return (
    <Stack spacing={0.5} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="campaign-payment-row">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <CreatorPicker value={row.creator} onChange={(creator) => onChange({ ...row, creator })} />
        <EarningsSplitMemoFields value={row} onChange={(terms) => onChange({ ...row, ...terms })} />
        <Stack sx={{ minWidth: 170 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Amount {formatCents(own?.amount ?? 0)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Manager payment {formatCents(manager?.amount ?? 0)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Agent payment {formatCents(agent?.amount ?? 0)}
          </Typography>
        </Stack>
        <IconButton aria-label="Remove row" onClick={onRemove} size="small">
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Stack>
      {isFilled && computed?.error && (
        <Typography variant="body2" color="error" role="alert">
          {computed.error}
        </Typography>
      )}
    </Stack>
  );
}
