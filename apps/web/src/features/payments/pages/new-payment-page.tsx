import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { creatorName, formatCents, paymentMessages, type PaymentRecord, type PaymentRowInput } from '@crewpay/core';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useQuery } from '@tanstack/react-query';
import { creatorKeys, getCreator } from '../../../entities/creators/index.ts';
import { executionLandingTab, useCreatePayments, useNewPaymentGate, usePaymentMath } from '../../../entities/payments/index.ts';
import { CreatedPaymentsDialog } from '../components/created-payments-dialog.tsx';
import { PaymentRowFields, type FormRow } from '../components/payment-row-fields.tsx';

let nextKey = 1;
const emptyRow = (): FormRow => ({ key: nextKey++, recipient: null, earnings: null, split: 100, memo: '', amount_currency: 'USD' });

/** /payments/newPayment (?payment_group_id=, ?recipient_id=): rows computed live; Save creates drafts. */
export default function NewPaymentPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const groupId = params.get('payment_group_id') ?? null;
  const recipientId = params.get('recipient_id') ?? '';
  const { data: org } = useCurrentOrg();
  const [rows, setRows] = useState<FormRow[]>([emptyRow()]);
  const [showErrors, setShowErrors] = useState(false);
  const [created, setCreated] = useState<PaymentRecord[] | null>(null);
  // One Idempotency-Key per submission, kept across retries of it and renewed after success (as the wallet dialogs do).
  const [submissionKey, setSubmissionKey] = useState(() => crypto.randomUUID());
  const { data: presetCreator } = useQuery({
    queryKey: creatorKeys.one(recipientId),
    queryFn: () => getCreator(recipientId),
    enabled: recipientId !== '',
  });

  useEffect(() => {
    if (!presetCreator) return;
    const option = {
      id: presetCreator.id,
      role: 'creator' as const,
      label: creatorName(presetCreator) || presetCreator.email,
      email: presetCreator.email,
      isDisabled: false,
    };
    setRows((current) => (current.length === 1 && !current[0]!.recipient ? [{ ...current[0]!, recipient: option }] : current));
  }, [presetCreator]);

  const inputs: PaymentRowInput[] = rows.map((row) => ({
    recipient: row.recipient?.id ?? null,
    recipient_role: row.recipient?.role ?? 'creator',
    earnings: row.earnings,
    split: row.split,
    memo: row.memo.trim(),
    payment_group_id: groupId,
  }));
  const math = usePaymentMath(inputs);
  // What is saved: each row with the currency its earnings are entered in.
  const body = inputs.map((input, index) => ({ ...input, amount_currency: rows[index]?.amount_currency ?? 'USD' }));
  // Changed rows are a new submission: a new key (a retry of the same rows keeps it).
  const submittedText = JSON.stringify(body);
  useEffect(() => setSubmissionKey(crypto.randomUUID()), [submittedText]);
  const create = useCreatePayments();
  const gate = useNewPaymentGate(groupId);
  // Rows in another currency have no dollars until saved (the quote's estimate): the total counts the USD rows.
  const inOtherCurrency = rows.filter((row) => row.amount_currency !== 'USD').length;
  const total = math.rows
    .filter((_row, index) => rows[index]?.amount_currency === 'USD')
    .flatMap((row) => row.payments)
    .reduce((sum, payment) => sum + payment.amount + payment.fee, 0);
  const hasTreasury = Boolean(org?.treasury_id);

  const save = () => {
    setShowErrors(true);
    if (math.error) return;
    create.mutate(
      { rows: body, idempotencyKey: submissionKey },
      {
        onSuccess: (answer) => {
          setSubmissionKey(crypto.randomUUID());
          void gate.applyTo(answer.data).finally(() => setCreated(answer.data));
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      {org && !hasTreasury && (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/" color="inherit">
              Activate your account
            </Button>
          }
        >
          {paymentMessages.noTreasury}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
        {rows.map((row, index) => (
          <PaymentRowFields
            key={row.key}
            row={row}
            computed={math.rows[index]}
            showErrors={showErrors}
            hasGroup={groupId !== null}
            onChange={(next) => setRows((current) => current.map((item) => (item.key === next.key ? next : item)))}
            onRemove={() => setRows((current) => current.filter((item) => item.key !== row.key))}
          />
        ))}
        <Button sx={{ my: 1.5 }} onClick={() => setRows((current) => [...current, emptyRow()])}>
          Add row
        </Button>
      </Paper>
      {gate.fields}
      {showErrors && math.error && (
        <Typography color="error" role="alert">
          {math.error}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" color="text.secondary">
          Total with fees {formatCents(total)}
          {inOtherCurrency > 0 &&
            ` (USD rows; ${inOtherCurrency === 1 ? 'the row' : `the ${inOtherCurrency} rows`} in another currency are estimated in USD once saved)`}
        </Typography>
        <Button variant="outlined" onClick={() => void navigate(-1)}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!hasTreasury || create.isPending} onClick={save}>
          Save
        </Button>
      </Stack>
      <CreatedPaymentsDialog
        payments={created}
        onClose={() => {
          setCreated(null);
          void navigate(recipientId ? `/creators/${recipientId}?tab=payments` : '/payments?tab=draft_payments');
        }}
        onExecuted={(answer) => {
          setCreated(null);
          // Show the payments where they now are: Initiated, Approvals when held for one, Draft when they wait.
          void navigate(recipientId ? `/creators/${recipientId}?tab=payments` : `/payments?tab=${executionLandingTab(answer)}`);
        }}
      />
    </Stack>
  );
}
