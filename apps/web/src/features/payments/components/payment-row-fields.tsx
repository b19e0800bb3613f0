import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { formatCents, type ComputedRow } from '@crewpay/core';
import { EarningsSplitMemoFields } from '../../../entities/payments/index.ts';
import { RecipientPicker, type RecipientOption } from './recipient-picker.tsx';

export type FormRow = { key: number; recipient: RecipientOption | null; earnings: number | null; split: number | null; memo: string };

type Props = {
  row: FormRow;
  computed: ComputedRow | undefined;
  showErrors: boolean;
  hasGroup: boolean;
  onChange: (row: FormRow) => void;
  /** Absent when the row cannot be removed (editing one draft, whose recipient is fixed). */
  onRemove?: (() => void) | undefined;
};

const roleLabel = { creator: 'Creator', agent: 'Agent', manager: 'Manager' } as const;

/** One row: recipient, earnings, split, memo; then the computed amount, fee and withholdings, and shares. */
export function PaymentRowFields({ row, computed, showErrors, hasGroup, onChange, onRemove }: Props) {
  const [own, ...shares] = computed?.payments ?? [];
  // A row that computes but is refused (a memo too long) says why at once: its amount is shown, so is the reason.
  const error = showErrors || (computed?.error && computed.payments.length > 0) ? computed?.error : null;
  return (
    <Stack spacing={1} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="payment-row">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        {onRemove ? (
          <RecipientPicker value={row.recipient} hasGroup={hasGroup} onChange={(recipient) => onChange({ ...row, recipient })} />
        ) : (
          <TextField size="small" label="Recipient" value={row.recipient?.label ?? ''} disabled sx={{ minWidth: { md: 220 } }} />
        )}
        <EarningsSplitMemoFields value={row} onChange={(terms) => onChange({ ...row, ...terms })} />
        <Stack sx={{ minWidth: 150 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label="Amount">
            Amount {formatCents(own?.amount ?? 0)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Fee {formatCents(own?.fee ?? 0)}
          </Typography>
          {own && own.state_withholdings + own.federal_withholdings > 0 && (
            <Typography variant="caption" color="text.secondary">
              Withholdings {formatCents(own.state_withholdings)} state, {formatCents(own.federal_withholdings)} federal
            </Typography>
          )}
        </Stack>
        {onRemove && (
          <IconButton aria-label="Remove row" onClick={onRemove} size="small">
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {shares.map((share) => (
        <Typography key={`${share.recipient_role}:${share.recipient}`} variant="body2" color="text.secondary" sx={{ pl: 1 }}>
          {`${roleLabel[share.recipient_role]} payment ${formatCents(share.amount)} (${share.split}%), fee ${formatCents(share.fee)}`}
        </Typography>
      ))}
      {error && (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
