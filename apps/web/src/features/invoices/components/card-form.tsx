import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatExpiry, isExpiryInFuture, isLuhnValid, isValidCvc } from '@crewpay/core';
import { failureMessage } from '../../../lib/notify.ts';
import { tokeniseCard } from '../api/pay.ts';

export type CardChoice = { token: string; label: string };

/** Card number (Luhn), expiration MM/YY (month clamped, in the future), CVC 0-9999; Continue tokenises the card. */
export function CardForm({ onContinue }: { onContinue: (card: CardChoice) => void }) {
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
