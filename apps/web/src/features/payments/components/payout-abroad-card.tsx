import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control, FieldValues } from 'react-hook-form';
import { formatMinor, rfiAnswerBody, type PayoutAbroadStatus } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useAnswerRfi, usePayoutAbroad } from '../api/abroad.ts';

/** Nium's remittance statuses (our words for them, nium-mapping.ts) as the owner reads them. */
const statusLabels: Record<string, string> = {
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

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 180, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Stack>
  );
}

type Rfi = PayoutAbroadStatus['rfis'][number];

/** One open question of Nium's: its description and a field per piece of information it asks for. */
function RfiForm({ paymentId, rfi }: { paymentId: string; rfi: Rfi }) {
  const answer = useAnswerRfi(paymentId);
  const form = useZodForm(rfiAnswerBody, {
    defaultValues: { rfi_id: rfi.rfi_id, info: Object.fromEntries(rfi.fields.map((field) => [field, ''])) },
  });
  const control = form.control as unknown as Control<FieldValues>;
  return (
    <Stack component="form" spacing={1.5} noValidate aria-label="Answer Nium" onSubmit={form.handleSubmit((body) => answer.mutate(body))}>
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
      <Button type="submit" variant="contained" loading={answer.isPending} sx={{ alignSelf: 'flex-start' }}>
        Send answer
      </Button>
    </Stack>
  );
}

/**
 * A payment abroad on its page: where it is at Nium, its transfer id, what the payee receives in
 * their currency and when it should arrive; Nium's open questions (RFI), answered here.
 */
export function PayoutAbroadCard({ paymentId }: { paymentId: string }) {
  const { data: status } = usePayoutAbroad(paymentId, true);
  if (!status) return null;
  const open = status.rfis.filter((rfi) => rfi.status === 'RFI_REQUESTED');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label="Payment abroad">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Payment abroad
      </Typography>
      <Row label="Status" value={statusLabels[status.status] ?? status.status} />
      <Row label="Transfer id" value={status.transfer_id ?? '—'} />
      <Row
        label="Payee receives"
        value={status.destination_amount === null ? '—' : formatMinor(status.destination_amount, status.destination_currency)}
      />
      {status.rate && <Row label="Rate" value={`1 ${status.source_currency} = ${status.rate} ${status.destination_currency}`} />}
      <Row label="Expected arrival" value={status.estimated_arrival ? formatLongDate(status.estimated_arrival) : '—'} />
      {open.length > 0 && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {open.map((rfi) => (
            <RfiForm key={rfi.rfi_id} paymentId={paymentId} rfi={rfi} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
