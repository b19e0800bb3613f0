import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { formatCents, type ComputedRow } from '@crewpay/core';
import { MoneyInput } from '../../../components/money-input.tsx';
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
        <MoneyInput
          size="small"
          label="Earnings"
          value={row.earnings}
          onChange={(earnings) => onChange({ ...row, earnings })}
          sx={{ width: { md: 140 } }}
        />
        <TextField
          size="small"
          label="Split %"
          type="number"
          value={row.split ?? ''}
          onChange={(event) => onChange({ ...row, split: event.target.value === '' ? null : Number(event.target.value) })}
          slotProps={{ htmlInput: { min: 0, max: 100 } }}
          sx={{ width: { md: 90 } }}
        />
        <TextField
          size="small"
          label="Memo"
          value={row.memo}
          onChange={(event) => onChange({ ...row, memo: event.target.value })}
          sx={{ width: { md: 140 } }}
        />
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
