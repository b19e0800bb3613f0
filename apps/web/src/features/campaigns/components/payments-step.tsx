import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { formatCents, paymentRowMessages, type PaymentRecord, type PaymentRowInput } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { usePaymentMath } from '../../../lib/use-payment-math.ts';
import { refreshCampaigns } from '../api/campaigns.ts';
import { useCreatorsById } from '../api/people.ts';
import { PaymentStepRowFields, type PaymentStepRow } from './payment-step-row.tsx';

let nextKey = 1;
const newRow = (creator: PaymentStepRow['creator'] = null): PaymentStepRow => ({ key: nextKey++, creator, earnings: null, split: 100, memo: '' });

/** Spec section 5: only rows with a creator, an amount (earnings) and a split are saved. */
const isSavable = (row: PaymentStepRow) => row.creator !== null && row.earnings !== null && row.earnings !== 0 && row.split !== null;

type Props = { campaignId: string; creatorIds: string[]; onSaved: (creatorIds: string[]) => void };

/** Payments: a row per creator; the figures come from the same core math the server applies on save. */
export function PaymentsStep({ campaignId, creatorIds, onSaved }: Props) {
  const preselected = useCreatorsById(creatorIds);
  const [rows, setRows] = useState<PaymentStepRow[]>(() => (creatorIds.length ? [] : [newRow()]));
  const [hasPreset, setPreset] = useState(creatorIds.length === 0);

  useEffect(() => {
    if (hasPreset || preselected.size < creatorIds.length) return;
    setRows(creatorIds.flatMap((id) => (preselected.get(id) ? [newRow(preselected.get(id))] : [])));
    setPreset(true);
  }, [hasPreset, preselected, creatorIds]);

  const inputs: PaymentRowInput[] = rows.map((row) => ({ recipient: row.creator?.id ?? null, recipient_role: 'creator', earnings: row.earnings, split: row.split, memo: row.memo.trim(), payment_group_id: campaignId }));
  const math = usePaymentMath(inputs);
  const savable = rows.flatMap((row, index) => (isSavable(row) ? [{ row, input: inputs[index]!, computed: math.rows[index] }] : []));
  const hasNegativeShare = math.rows.some((row) => row.error === paymentRowMessages.negative);
  const hasRowIssue = savable.some((item) => item.computed?.error);
  const payments = savable.flatMap((item) => item.computed?.payments ?? []);
  const total = payments.reduce((sum, payment) => sum + payment.amount, 0);
  const fees = payments.reduce((sum, payment) => sum + payment.fee, 0);

  const save = useMutation({
    mutationFn: async () => (savable.length ? api.post<{ data: PaymentRecord[] }>('/v1/payments', savable.map((item) => item.input)) : { data: [] }),
    onSuccess: async () => {
      await Promise.all([refreshCampaigns(), queryClient.invalidateQueries({ queryKey: ['payments'] })]);
      onSaved([...new Set(rows.flatMap((row) => (row.creator ? [row.creator.id] : [])))]);
    },
    meta: { errorMessage: 'There was an issue creating your payments' },
  });

  return (
    <Stack spacing={2}>
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
        <Button variant="contained" disabled={hasNegativeShare || hasRowIssue} loading={save.isPending} onClick={() => save.mutate()}>
          Save and continue
        </Button>
      </Stack>
    </Stack>
  );
}
