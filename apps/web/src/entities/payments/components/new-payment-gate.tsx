import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentGateBody, PaymentRecord } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { GateFields, NO_GATE } from './gate-fields.tsx';

/**
 * New Payment in a campaign: the payments created can wait for the creator's contract and/or a
 * deliverable (issue 31). The choice is applied to each draft once Save has created them.
 */
export function useNewPaymentGate(campaignId: string | null) {
  const [gate, setGate] = useState<PaymentGateBody>(NO_GATE);
  const waits = gate.requires_contract || gate.deliverable_id !== null;
  const fields = campaignId ? (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Waits for">
      <Stack spacing={1}>
        <Typography variant="subtitle2">Waits for</Typography>
        <GateFields campaignId={campaignId} value={gate} onChange={setGate} />
      </Stack>
    </Paper>
  ) : null;
  // One call per draft, in turn. The creation has committed already: a failure is said, and can be fixed on the payment's page.
  const applyTo = async (payments: PaymentRecord[]) => {
    if (!campaignId || !waits) return;
    try {
      for (const payment of payments.filter((row) => row.status === 'draft')) await api.put(`/v1/payments/${payment.id}/gate`, gate);
    } catch (error) {
      notifyFailure(error, 'The payments were created, but what they wait for could not be saved: set it on each payment');
    }
  };
  return { fields, applyTo };
}
