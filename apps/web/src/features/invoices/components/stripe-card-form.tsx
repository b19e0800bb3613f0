import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { CardChoice } from './card-choice.ts';
import { stripeFor } from './stripe-js.ts';

type Props = { publishableKey: string; stripeAccount: string | null; onContinue: (card: CardChoice) => void };

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/**
 * Outside the sandbox the card number is typed into Stripe's own field (an iframe of Stripe.js):
 * it goes to Stripe, which answers a PaymentMethod id (pm_...), the only thing our server sees.
 * Stripe.js works on the organisation's own account, where the payment is charged.
 */
export default function StripeCardForm({ publishableKey, stripeAccount, onContinue }: Props) {
  const stripe = useMemo(() => stripeFor(publishableKey, stripeAccount), [publishableKey, stripeAccount]);
  return (
    <Elements stripe={stripe}>
      <CardFields onContinue={onContinue} />
    </Elements>
  );
}

function CardFields({ onContinue }: Pick<Props, 'onContinue'>) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const [isComplete, setComplete] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    const { paymentMethod, error: refused } = await stripe.createPaymentMethod({ type: 'card', card });
    setBusy(false);
    if (refused || !paymentMethod.card) {
      setError(refused?.message ?? 'Your card could not be read. Please check it and try again.');
      return;
    }
    const brand = BRANDS[paymentMethod.card.brand] ?? 'Card';
    onContinue({ token: paymentMethod.id, label: `${brand} •••• ${paymentMethod.card.last4}` });
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1.75 }}>
        <CardElement
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: theme.palette.text.primary } } }}
          onChange={(event) => {
            setComplete(event.complete);
            setError(event.error?.message ?? null);
          }}
        />
      </Box>
      {error && (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      )}
      <Button variant="contained" disabled={!stripe || !isComplete || isBusy} onClick={() => void submit()}>
        Continue
      </Button>
    </Stack>
  );
}
