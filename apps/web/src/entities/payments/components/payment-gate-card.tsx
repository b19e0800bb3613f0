import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paymentGateMessages, type PaymentGateAnswer, type PaymentRecord } from '@crewpay/core';
import { useCampaignDeliverableChoices, usePaymentGate, useSavePaymentGate } from '../api/gates.ts';

/**
 * "Waits for" on a campaign's draft (issue 31): the creator's contract signed and/or a deliverable
 * approved before Execute sends it. Shown read-only once it is no longer a draft.
 */
export function PaymentGateCard({ payment }: { payment: PaymentRecord }) {
  const { data: gate } = usePaymentGate(payment.id);
  if (!payment.payment_group_id || !gate) return null;
  if (payment.status !== 'draft' && !gate.requires_contract && !gate.deliverable_id) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Waits for">
      <Stack spacing={1}>
        <Typography variant="subtitle2">Waits for</Typography>
        <Typography variant="body2" color="text.secondary">
          {gate.reasons.length > 0 ? gate.reasons.join(' · ') : 'Nothing: it can be executed'}
          {gate.execute_on_release && gate.reasons.length > 0 ? ` · ${paymentGateMessages.executeOnRelease}` : ''}
        </Typography>
        {payment.status === 'draft' && <GateForm payment={payment} gate={gate} />}
      </Stack>
    </Paper>
  );
}

function GateForm({ payment, gate }: { payment: PaymentRecord; gate: PaymentGateAnswer }) {
  const { data: deliverables = [] } = useCampaignDeliverableChoices(payment.payment_group_id);
  const save = useSavePaymentGate(payment.id);
  const [requiresContract, setRequiresContract] = useState(gate.requires_contract);
  const [deliverableId, setDeliverableId] = useState(gate.deliverable_id ?? '');
  useEffect(() => {
    setRequiresContract(gate.requires_contract);
    setDeliverableId(gate.deliverable_id ?? '');
  }, [gate.requires_contract, gate.deliverable_id]);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <FormControlLabel
        control={<Checkbox checked={requiresContract} onChange={(event) => setRequiresContract(event.target.checked)} />}
        label="The contract to be signed"
      />
      <TextField
        select
        size="small"
        label="Deliverable to be approved"
        value={deliverableId}
        onChange={(event) => setDeliverableId(event.target.value)}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">None</MenuItem>
        {deliverables.map((deliverable) => (
          <MenuItem key={deliverable.id} value={deliverable.id}>
            {deliverable.description}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        loading={save.isPending}
        onClick={() => save.mutate({ requires_contract: requiresContract, deliverable_id: deliverableId || null })}
      >
        Save
      </Button>
    </Stack>
  );
}
