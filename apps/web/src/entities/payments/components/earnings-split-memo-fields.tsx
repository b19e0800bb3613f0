import type { ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { MoneyInput } from '../../../components/money-input.tsx';

type EarningsSplitMemo = { earnings: number | null; split: number | null; memo: string };

type Props = {
  value: EarningsSplitMemo;
  onChange: (value: EarningsSplitMemo) => void;
  /** The currency earnings are entered in (USD unless given), and its choice shown beside the amount. */
  currency?: string;
  currencyChoice?: ReactNode;
};

/** A payment row's own terms, the same on the payments form and the campaign wizard: earnings, split %, memo. */
export function EarningsSplitMemoFields({ value, onChange, currency = 'USD', currencyChoice }: Props) {
  return (
    <>
      <MoneyInput
        size="small"
        label="Earnings"
        currency={currency}
        value={value.earnings}
        onChange={(earnings) => onChange({ ...value, earnings })}
        sx={{ width: { md: 150 } }}
      />
      {currencyChoice}
      <TextField
        size="small"
        label="Split %"
        type="number"
        value={value.split ?? ''}
        onChange={(event) => onChange({ ...value, split: event.target.value === '' ? null : Number(event.target.value) })}
        slotProps={{ htmlInput: { min: 0, max: 100 } }}
        sx={{ width: { md: 100 } }}
      />
      <TextField
        size="small"
        label="Memo"
        value={value.memo}
        onChange={(event) => onChange({ ...value, memo: event.target.value })}
        sx={{ width: { md: 160 } }}
      />
    </>
  );
}
