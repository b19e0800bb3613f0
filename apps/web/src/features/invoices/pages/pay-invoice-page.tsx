import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, invoiceMessages, type InvoicePayMethod } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { focusOnMount } from '../../../lib/focus-on-mount.ts';
import { failureMessage } from '../../../lib/notify.ts';
import { fetchLinkToken, useInvoiceLink, usePayInvoice } from '../api/pay.ts';
import { BankLink } from '../components/bank-link.tsx';
import type { BankChoice } from '../components/bank-link-dialog.tsx';
import { CardForm, type CardChoice } from '../components/card-form.tsx';
import { InvoiceSummary } from '../components/invoice-summary.tsx';

type Choice = { method: 'card'; card: CardChoice } | { method: 'bank'; bank: BankChoice };

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: { xs: 2, sm: 4 } }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>{children}</CardContent>
    </Card>
  );
}

function Message({ title, text }: { title: string; text?: string }) {
  return (
    <Frame>
      <Stack spacing={1} sx={{ textAlign: 'center', py: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {text && <Typography color="text.secondary">{text}</Typography>}
      </Stack>
    </Frame>
  );
}

const thanks = (amount: number) =>
  `Your payment of ${formatCents(amount)} has been sent! A receipt has been emailed to you, please check your spam folder if you're having trouble finding it.`;

/** /invoices/pay?id=: form, then confirm, then success; no sign-in (the link id is the credential). */
export default function PayInvoicePage() {
  const [params] = useSearchParams();
  const linkId = params.get('id') ?? '';
  const { data: invoice, isError, isLoading } = useInvoiceLink(linkId);
  const pay = usePayInvoice(linkId);
  const [method, setMethod] = useState<InvoicePayMethod | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [linkToken, setLinkToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (isLoading) return <FullPageSpinner />;
  if (isError || !invoice) return <Message title="Something went wrong." text="There was an issue retrieving info for this action" />;
  if (invoice.status === 'canceled') return <Message title={invoiceMessages.canceled} />;
  const done =
    pay.data && pay.data.status !== 'failed'
      ? pay.data
      : invoice.payment && invoice.payment.status !== 'failed' && invoice.payment.status !== 'reversed'
        ? invoice.payment
        : null;
  if (done || invoice.status === 'succeeded') return <Message title="Thank you!" text={thanks(done?.amount ?? invoice.amount)} />;

  const allowed = (['bank', 'card'] as const).filter((option) => !invoice.disallowed_methods.includes(option));
  const current = method ?? allowed[0] ?? null;

  const connectBank = () => {
    setError(null);
    fetchLinkToken(linkId)
      .then((answer) => setLinkToken(answer.token))
      .catch(() => setError('There was an issue retrieving the plaid link token.'));
  };
  const confirm = () => {
    if (!choice) return;
    setError(null);
    const body =
      choice.method === 'card'
        ? { method: 'card' as const, payment_method: choice.card.token }
        : { method: 'bank' as const, public_token: choice.bank.public_token, account_id: choice.bank.account_id };
    pay.mutate(body, {
      onSuccess: (answer) => {
        if (answer.status === 'failed') {
          setError('Your payment was declined. Please try another card or bank account.');
          setChoice(null);
        }
      },
      onError: (cause) => setError(failureMessage(cause)),
    });
  };

  return (
    <Frame>
      <Stack spacing={3}>
        <InvoiceSummary invoice={invoice} />
        <Divider />
        {error && (
          <Typography role="alert" color="error">
            {error}
          </Typography>
        )}
        {/* Hidden, not unmounted, while confirming: Back returns to the card as typed. */}
        {
          <Stack spacing={2} sx={{ display: choice ? 'none' : undefined }}>
            <RadioGroup
              row
              sx={{ columnGap: 3 }}
              value={current ?? ''}
              onChange={(event) => setMethod(event.target.value as InvoicePayMethod)}
            >
              {allowed.includes('bank') && <FormControlLabel value="bank" control={<Radio />} label="Bank account" />}
              {allowed.includes('card') && <FormControlLabel value="card" control={<Radio />} label="Credit card" />}
            </RadioGroup>
            {current === 'bank' && (
              <Button variant="contained" onClick={connectBank}>
                Connect to Plaid
              </Button>
            )}
            {current === 'card' && <CardForm onContinue={(card) => setChoice({ method: 'card', card })} />}
            {allowed.length === 0 && <Typography color="text.secondary">{invoiceMessages.offlineNotPayable}</Typography>}
          </Stack>
        }
        {choice && (
          <Stack spacing={2}>
            {/* Continue replaced the form with this step: focus follows, not lost on <body>. */}
            <Typography variant="h6" component="h2" tabIndex={-1} ref={focusOnMount} sx={{ fontWeight: 700 }}>
              Confirm payment
            </Typography>
            <Typography>
              {choice.method === 'card' ? 'Card' : 'Bank transfer (ACH)'} ·{' '}
              {choice.method === 'card' ? choice.card.label : choice.bank.label}
            </Typography>
            <Typography>Amount: {formatCents(invoice.amount)}</Typography>
            <Stack direction="row" spacing={2}>
              <Button onClick={() => setChoice(null)} disabled={pay.isPending}>
                Back
              </Button>
              <Button variant="contained" onClick={confirm} disabled={pay.isPending}>
                Confirm payment
              </Button>
            </Stack>
          </Stack>
        )}
      </Stack>
      {linkToken && (
        <BankLink
          linkToken={linkToken}
          onClose={() => setLinkToken(null)}
          onLinked={(bank) => {
            setLinkToken(null);
            setChoice({ method: 'bank', bank });
          }}
        />
      )}
    </Frame>
  );
}
