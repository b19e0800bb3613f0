import { useEffect } from 'react';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { formatCents, formatMinor, grossAmount, type ComputedRow } from '@crewpay/core';
import { EarningsSplitMemoFields } from '../../../entities/payments/index.ts';
import { usePayeeCurrency } from '../api/abroad.ts';
import { RecipientPicker, type RecipientOption } from './recipient-picker.tsx';

/** amount_currency: USD, or the payee's currency abroad (earnings then in its minor units: yen have none). */
export type FormRow = {
  key: number;
  recipient: RecipientOption | null;
  earnings: number | null;
  split: number | null;
  memo: string;
  amount_currency: string;
};

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

/**
 * The currency the row is entered in: offered when its creator is paid abroad (their currency or
 * USD); a row left in a currency its recipient is no longer paid in goes back to USD, emptied.
 */
function useRowCurrency(row: FormRow, onChange: (row: FormRow) => void) {
  const payeeCurrency = usePayeeCurrency(row.recipient?.role === 'creator' ? row.recipient.id : null);
  const stale = row.amount_currency !== 'USD' && payeeCurrency !== undefined && payeeCurrency !== row.amount_currency;
  useEffect(() => {
    if (stale) onChange({ ...row, amount_currency: 'USD', earnings: null });
  }, [stale, row, onChange]);
  const choice =
    payeeCurrency && payeeCurrency !== 'USD' ? (
      <TextField
        select
        size="small"
        label="Currency"
        value={row.amount_currency}
        // Another currency is another number of decimals: the amount is typed again.
        onChange={(event) => onChange({ ...row, amount_currency: event.target.value, earnings: null })}
        sx={{ width: { md: 100 } }}
      >
        <MenuItem value={payeeCurrency}>{payeeCurrency}</MenuItem>
        <MenuItem value="USD">USD</MenuItem>
      </TextField>
    ) : null;
  return { choice, currency: stale ? 'USD' : row.amount_currency };
}

/** What the payee of a row entered in their currency receives: their split of what was entered, exactly. */
function ReceivesInCurrency({ row, currency }: { row: FormRow; currency: string }) {
  const receives = row.earnings === null ? 0 : grossAmount(row.earnings, row.split ?? 100);
  return (
    <Stack sx={{ minWidth: 150, maxWidth: 220 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label="Amount">
        Payee receives {formatMinor(receives, currency)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        In USD: an estimate at Nium&apos;s rate once saved, fixed by the quote you confirm at Execute
      </Typography>
    </Stack>
  );
}

/** One row: recipient, earnings (and their currency), split, memo; then the computed amount, fee and withholdings, and shares. */
export function PaymentRowFields({ row, computed, showErrors, hasGroup, onChange, onRemove }: Props) {
  const [own, ...shares] = computed?.payments ?? [];
  const { choice, currency } = useRowCurrency(row, onChange);
  const inUsd = currency === 'USD';
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
        <EarningsSplitMemoFields
          value={row}
          currency={currency}
          currencyChoice={choice}
          onChange={(terms) => onChange({ ...row, ...terms })}
        />
        {inUsd ? (
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
        ) : (
          <ReceivesInCurrency row={row} currency={currency} />
        )}
        {onRemove && (
          <IconButton aria-label="Remove row" onClick={onRemove} size="small">
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {inUsd &&
        shares.map((share) => (
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
