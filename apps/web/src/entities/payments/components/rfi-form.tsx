import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Control, FieldValues } from 'react-hook-form';
import { rfiAnswerBody, type PayoutAbroadStatus, type RfiAnswerBody } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';

/** Nium's remittance statuses (our words for them, nium-mapping.ts) as the owner and the payee read them. */
export const payoutAbroadStatusLabels: Record<string, string> = {
  initiated: 'Sent to Nium',
  rfi_requested: 'Nium needs information',
  rfi_responded: 'Information sent to Nium',
  compliance_completed: 'Checked by Nium',
  sent_to_bank: 'Sent to the bank',
  paid: 'Paid',
  returned: 'Returned',
  rejected: 'Rejected by Nium',
  expired: 'Expired',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Nium's field names (firstName) as labels (First name). */
const fieldLabel = (name: string) => {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Rfi = PayoutAbroadStatus['rfis'][number];

/**
 * One open question of Nium's on a payment abroad: its description and a field per piece of
 * information it asks for. The owner's payment page and the payee's portal answer with it.
 */
export function RfiForm({ rfi, isPending, onSubmit }: { rfi: Rfi; isPending: boolean; onSubmit: (body: RfiAnswerBody) => void }) {
  const form = useZodForm(rfiAnswerBody, {
    defaultValues: { rfi_id: rfi.rfi_id, info: Object.fromEntries(rfi.fields.map((field) => [field, ''])) },
  });
  const control = form.control as unknown as Control<FieldValues>;
  return (
    <Stack component="form" spacing={1.5} noValidate aria-label="Answer Nium" onSubmit={form.handleSubmit(onSubmit)}>
      <Alert severity="warning">{`Nium asks: ${rfi.description}`}</Alert>
      {rfi.fields.map((field) => (
        <FormTextField
          key={field}
          control={control}
          name={`info.${field}`}
          id={`rfi-${rfi.rfi_id}-${field}`}
          label={fieldLabel(field)}
          required
          size="small"
          fullWidth
        />
      ))}
      <Button type="submit" variant="contained" loading={isPending} sx={{ alignSelf: 'flex-start' }}>
        Send answer
      </Button>
    </Stack>
  );
}
