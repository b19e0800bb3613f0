import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { describeFee, type FeeType, type InvoicePayMethod } from '@crewpay/core';
import { useFeeSchedules } from '../../../entities/invoices/index.ts';

export type CollectValue = { isCollected: boolean; bank: boolean; card: boolean };

/** Collect payment with Stripe, revealing Bank and Card each with its fee (GET /v1/fee_schedules); unchecked means paid offline. */
export function CollectPaymentFields({ value, onChange }: { value: CollectValue; onChange: (value: CollectValue) => void }) {
  const { data: schedules } = useFeeSchedules();
  const feeOf = (type: FeeType) => {
    const rule = schedules?.find((schedule) => schedule.type === type);
    return rule ? ` (fees: ${describeFee(rule)})` : '';
  };
  return (
    <Stack>
      <FormControlLabel
        control={<Checkbox checked={value.isCollected} onChange={(event) => onChange({ ...value, isCollected: event.target.checked })} />}
        label="Collect payment with Stripe"
      />
      {value.isCollected && (
        <Stack sx={{ pl: 4 }}>
          <FormControlLabel
            control={<Checkbox checked={value.bank} onChange={(event) => onChange({ ...value, bank: event.target.checked })} />}
            label={`Bank${feeOf('invoice_ach')}`}
          />
          <FormControlLabel
            control={<Checkbox checked={value.card} onChange={(event) => onChange({ ...value, card: event.target.checked })} />}
            label={`Card${feeOf('invoice_card')}`}
          />
        </Stack>
      )}
    </Stack>
  );
}

export function disallowedOf(value: CollectValue): InvoicePayMethod[] {
  return [...(value.bank ? [] : (['bank'] as const)), ...(value.card ? [] : (['card'] as const))];
}
