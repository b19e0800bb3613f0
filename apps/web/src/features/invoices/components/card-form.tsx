import { lazy, Suspense, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatExpiry, isExpiryInFuture, isLuhnValid, isValidCvc } from '@crewpay/core';
import { failureMessage } from '../../../lib/notify.ts';
import { useServerMeta } from '../../../lib/server-meta.ts';
import { tokeniseCard } from '../api/pay.ts';

import type { CardChoice } from './card-choice.ts';

export type { CardChoice } from './card-choice.ts';
type CardFormProps = { onContinue: (card: CardChoice) => void };
type Props = CardFormProps & { stripeAccount: string | null };

// Stripe.js is only downloaded where the real processor is configured (never in the sandbox).
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

/** The card field: Stripe.js's own outside the sandbox (the number never reaches us), the sandbox's tokeniser in it. */
export function CardForm({ onContinue, stripeAccount }: Props) {
  const { data: meta, isLoading } = useServerMeta();
  if (isLoading) return <CircularProgress size={24} aria-label="Loading" />;
  if (!meta?.stripe_publishable_key) return <SandboxCardForm onContinue={onContinue} />;
  return (
    <Suspense fallback={<CircularProgress size={24} aria-label="Loading" />}>
      <StripeCardForm publishableKey={meta.stripe_publishable_key} stripeAccount={stripeAccount} onContinue={onContinue} />
    </Suspense>
  );
}

/** Card number (Luhn), expiration MM/YY (month clamped, in the future), CVC 0-9999; Continue tokenises the card. */
function SandboxCardForm({ onContinue }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isValid = isLuhnValid(number) && isExpiryInFuture(exp) && isValidCvc(cvc);
  const submit = () => {
    setBusy(true);
    setError(null);
    tokeniseCard({ number: number.replace(/\s+/g, ''), exp, cvc })
      .then((card) => onContinue({ token: card.id, label: `${card.brand} •••• ${card.last4}` }))
      .catch((cause: unknown) => setError(failureMessage(cause)))
      .finally(() => setBusy(false));
  };
  return (
    <Stack spacing={2}>
      <TextField
        label="Card number"
        value={number}
        onChange={(event) => setNumber(event.target.value.replace(/[^\d ]/g, '').slice(0, 23))}
        error={number.length >= 12 && !isLuhnValid(number)}
        helperText={number.length >= 12 && !isLuhnValid(number) ? 'Your card number is invalid' : ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-number' } }}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Expiration (MM/YY)"
          value={exp}
          onChange={(event) => setExp(formatExpiry(event.target.value))}
          error={exp.length === 5 && !isExpiryInFuture(exp)}
          helperText={exp.length === 5 && !isExpiryInFuture(exp) ? 'Your card has expired' : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-exp' } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label="CVC"
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
          helperText=" "
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-csc' } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      {error && <span role="alert">{error}</span>}
      <Button variant="contained" disabled={!isValid || isBusy} onClick={submit}>
        Continue
      </Button>
    </Stack>
  );
}
