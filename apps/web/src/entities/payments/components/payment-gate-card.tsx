import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paymentGateMessages, type PaymentGateAnswer, type PaymentGateBody, type PaymentRecord } from '@crewpay/core';
import { usePaymentGate, useSavePaymentGate } from '../api/gates.ts';
import { GateFields } from './gate-fields.tsx';

/**
 * "Waits for" on a campaign's draft (issue 31): the creator's contract signed and/or a deliverable
 * approved before Execute sends it. Shown read-only once it is no longer a draft.
 */
export function PaymentGateCard({ payment }: { payment: PaymentRecord }) {
  const { data: gate } = usePaymentGate(payment.id);
  if (!payment.payment_group_id || !gate) return null;
  if (payment.status !== 'draft' && !gate.requires_contract && !gate.deliverable_id) return null;
  // Executed (or canceled): what it waited for is history, never "Waits for: Nothing" (issue 44).
  const released = payment.status !== 'draft' && gate.reasons.length === 0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={released ? 'Released' : 'Waits for'}>
      <Stack spacing={1}>
        <Typography variant="subtitle2">{released ? 'Released' : 'Waits for'}</Typography>
        <Typography variant="body2" color="text.secondary">
          {released ? releasedInWords(gate) : gate.reasons.length > 0 ? gate.reasons.join(' · ') : 'Nothing: it can be executed'}
          {gate.execute_on_release && gate.reasons.length > 0 ? ` · ${paymentGateMessages.executeOnRelease}` : ''}
        </Typography>
        {payment.status === 'draft' && <GateForm payment={payment} gate={gate} />}
      </Stack>
    </Paper>
  );
}

/** "It waited for the contract to be signed and deliverable Launch reel to be approved; both are done." */
function releasedInWords(gate: PaymentGateAnswer): string {
  const what = [
    gate.requires_contract ? 'the contract to be signed' : null,
    gate.deliverable_id ? `deliverable ${gate.deliverable_description ?? ''} to be approved` : null,
  ].filter(Boolean);
  return `It waited for ${what.join(' and ')}; ${what.length > 1 ? 'both are' : 'that is'} done.`;
}

function GateForm({ payment, gate }: { payment: PaymentRecord; gate: PaymentGateAnswer }) {
  const save = useSavePaymentGate(payment.id);
  const [value, setValue] = useState<PaymentGateBody>({ requires_contract: gate.requires_contract, deliverable_id: gate.deliverable_id });
  useEffect(
    () => setValue({ requires_contract: gate.requires_contract, deliverable_id: gate.deliverable_id }),
    [gate.requires_contract, gate.deliverable_id],
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <GateFields campaignId={payment.payment_group_id!} value={value} onChange={setValue} />
      <Button variant="outlined" loading={save.isPending} onClick={() => save.mutate(value)}>
        Save
      </Button>
    </Stack>
  );
}
