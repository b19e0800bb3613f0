import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { formatCents, paymentRowMessages, type PaymentRecord, type PaymentRowInput } from '@crewpay/core';
import { usePaymentMath, usePayments } from '../../../entities/payments/index.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { refreshCampaigns } from '../api/campaigns.ts';
import { useCreatorsById } from '../api/people.ts';
import { PaymentStepRowFields, type PaymentStepRow } from './payment-step-row.tsx';

let nextKey = 1;
const newRow = (creator: PaymentStepRow['creator'] = null): PaymentStepRow => ({
  key: nextKey++,
  creator,
  earnings: null,
  split: 100,
  memo: '',
});

/** Spec section 5: only rows with a creator, an amount (earnings) and a split are saved. */
const isSavable = (row: PaymentStepRow) => row.creator !== null && row.earnings !== null && row.earnings !== 0 && row.split !== null;

type Props = { campaignId: string; creatorIds: string[]; onSaved: (creatorIds: string[]) => void };

/** Payments: a row per creator; the figures come from the same core math the server applies on save. */
export function PaymentsStep({ campaignId, creatorIds, onSaved }: Props) {
  const preselected = useCreatorsById(creatorIds);
  // Coming back to this step must not pay twice: the payments already saved are on the campaign's Payments tab.
  const { data: existing } = usePayments({ tab: 'all_payments', page: 0, payment_group_id: campaignId });
  const [rows, setRows] = useState<PaymentStepRow[]>([]);
  const [hasPreset, setPreset] = useState(false);

  useEffect(() => {
    if (hasPreset || !existing || preselected.size < creatorIds.length) return;
    const paid = new Set(existing.data.map((payment) => payment.recipient));
    const unpaid = creatorIds.filter((id) => !paid.has(id) && preselected.get(id));
    setRows(unpaid.length ? unpaid.map((id) => newRow(preselected.get(id))) : [newRow()]);
    setPreset(true);
  }, [hasPreset, existing, preselected, creatorIds]);

  const inputs: PaymentRowInput[] = rows.map((row) => ({
    recipient: row.creator?.id ?? null,
    recipient_role: 'creator',
    earnings: row.earnings,
    split: row.split,
    memo: row.memo.trim(),
    payment_group_id: campaignId,
  }));
  const math = usePaymentMath(inputs);
  const savable = rows.flatMap((row, index) => (isSavable(row) ? [{ row, input: inputs[index]!, computed: math.rows[index] }] : []));
  const hasNegativeShare = math.rows.some((row) => row.error === paymentRowMessages.negative);
  const hasRowIssue = savable.some((item) => item.computed?.error);
  const payments = savable.flatMap((item) => item.computed?.payments ?? []);
  const total = payments.reduce((sum, payment) => sum + payment.amount, 0);
  const fees = payments.reduce((sum, payment) => sum + payment.fee, 0);

  // One Idempotency-Key per submission, kept across retries and renewed after success: a retried Save creates the drafts once.
  const idempotencyKey = useRef(crypto.randomUUID());
  const create = useMutation({
    mutationFn: (body: PaymentRowInput[]) =>
      api.post<{ data: PaymentRecord[] }>('/v1/payments', body, { headers: { 'Idempotency-Key': idempotencyKey.current } }),
    onSuccess: () => {
      idempotencyKey.current = crypto.randomUUID();
      trackEvent('payments_created');
      return Promise.all([
        refreshCampaigns(),
        queryClient.invalidateQueries({ queryKey: ['payments'] }),
        queryClient.invalidateQueries({ queryKey: ['creators'] }),
      ]);
    },
    meta: { errorMessage: 'There was an issue creating your payments' },
  });
  const save = async () => {
    if (savable.length) await create.mutateAsync(savable.map((item) => item.input));
    onSaved([...new Set([...creatorIds, ...rows.flatMap((row) => (row.creator ? [row.creator.id] : []))])]);
  };

  return (
    <Stack spacing={2}>
      {existing?.total != null && existing.total > 0 && (
        <Alert severity="info">{`This campaign already has ${existing.total} ${existing.total === 1 ? 'payment' : 'payments'}, listed on its Payments tab. Rows here add new payments.`}</Alert>
      )}
      <Box>
        {rows.map((row, index) => (
          <PaymentStepRowFields
            key={row.key}
            row={row}
            computed={math.rows[index]}
            onChange={(next) => setRows((current) => current.map((item) => (item.key === next.key ? next : item)))}
            onRemove={() => setRows((current) => current.filter((item) => item.key !== row.key))}
          />
        ))}
        <Button sx={{ my: 1.5 }} onClick={() => setRows((current) => [...current, newRow()])}>
          Add creator
        </Button>
      </Box>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" aria-label="Payments total">
          Total payments {formatCents(total)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Fees {formatCents(fees)} · Total with fees {formatCents(total + fees)}
        </Typography>
        <Button
          variant="contained"
          disabled={hasNegativeShare || hasRowIssue}
          loading={create.isPending}
          onClick={() => void save().catch(() => undefined)}
        >
          Save and continue
        </Button>
      </Stack>
    </Stack>
  );
}
