import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatInvoiceAmount, invoiceMessages, type InvoiceLinkInfo, type InvoicePayMethod, type PayInvoiceBody } from '@crewpay/core';
import { focusOnMount } from '../../../lib/focus-on-mount.ts';
import { failureMessage } from '../../../lib/notify.ts';
import { useServerMeta } from '../../../lib/server-meta.ts';
import { fetchLinkToken, usePayInvoice } from '../api/pay.ts';
import { BankLink } from './bank-link.tsx';
import type { BankChoice } from './bank-link-dialog.tsx';
import { BankMandateFields, type BankMandate } from './bank-mandate-fields.tsx';
import { CardForm, type CardChoice } from './card-form.tsx';

type Choice = { method: 'card'; card: CardChoice } | { method: 'bank'; bank: BankChoice };
type Props = { invoice: InvoiceLinkInfo; linkId: string; notice: string | null; lastMethod?: InvoicePayMethod | null };

function bodyOf(choice: Choice, mandate: BankMandate): PayInvoiceBody {
  if (choice.method === 'card') return { method: 'card', payment_method: choice.card.token };
  return {
    method: 'bank',
    public_token: choice.bank.public_token,
    account_id: choice.bank.account_id,
    name: mandate.name.trim(),
    mandate_accepted: true,
  };
}

/** Bank account or Credit card, then the confirm screen; `notice` is why the last attempt did not go through. */
export function PayForm({ invoice, linkId, notice, lastMethod = null }: Props) {
  const { data: meta } = useServerMeta();
  const pay = usePayInvoice(linkId);
  // After a declined attempt the form opens on the method the payer chose, not on the first one.
  const [method, setMethod] = useState<InvoicePayMethod | null>(lastMethod);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [linkToken, setLinkToken] = useState<string | null>(null);
  const [mandate, setMandate] = useState<BankMandate>({ name: invoice.recipient.name, isAccepted: false });
  const [error, setError] = useState<string | null>(null);
  const allowed = (['bank', 'card'] as const).filter((option) => !invoice.disallowed_methods.includes(option));
  const current = method ?? allowed[0] ?? null;
  const isLive = Boolean(meta && !meta.sandbox && meta.stripe_publishable_key);

  const connectBank = () => {
    setError(null);
    fetchLinkToken(linkId)
      .then((answer) => setLinkToken(answer.token))
      .catch(() => setError(invoiceMessages.plaidToken));
  };
  const confirm = () => {
    if (!choice) return;
    setError(null);
    pay.mutate(bodyOf(choice, mandate), {
      // A decline comes back as the latest attempt (the page shows why): start again from the form.
      onSuccess: (answer) => answer.status === 'failed' && setChoice(null),
      onError: (cause) => setError(failureMessage(cause)),
    });
  };
  const canConfirm = !pay.isPending && (choice?.method !== 'bank' || (mandate.isAccepted && mandate.name.trim().length >= 2));
  const alert = error ?? notice;

  return (
    <Stack spacing={2}>
      {alert && (
        <Typography role="alert" color="error">
          {alert}
        </Typography>
      )}
      {/* Hidden, not unmounted, while confirming: Back returns to the card as typed. */}
      <Stack spacing={2} sx={{ display: choice ? 'none' : undefined }}>
        <RadioGroup row sx={{ columnGap: 3 }} value={current ?? ''} onChange={(event) => setMethod(event.target.value as InvoicePayMethod)}>
          {allowed.includes('bank') && <FormControlLabel value="bank" control={<Radio />} label="Bank account" />}
          {allowed.includes('card') && <FormControlLabel value="card" control={<Radio />} label="Credit card" />}
        </RadioGroup>
        {current === 'bank' && (
          <Button variant="contained" onClick={connectBank}>
            {isLive ? 'Connect your bank' : 'Connect to Plaid'}
          </Button>
        )}
        {current === 'card' && (
          <CardForm stripeAccount={invoice.stripe_account} onContinue={(card) => setChoice({ method: 'card', card })} />
        )}
        {allowed.length === 0 && <Typography color="text.secondary">{invoiceMessages.offlineNotPayable}</Typography>}
      </Stack>
      {choice && (
        <Stack spacing={2}>
          {/* Continue replaced the form with this step: focus follows, not lost on <body>. */}
          <Typography variant="h6" component="h2" tabIndex={-1} ref={focusOnMount} sx={{ fontWeight: 700 }}>
            Confirm payment
          </Typography>
          <Typography>
            {choice.method === 'card' ? 'Card' : 'Bank transfer (ACH)'} · {choice.method === 'card' ? choice.card.label : choice.bank.label}
          </Typography>
          <Typography>Amount: {formatInvoiceAmount(invoice.amount, invoice.currency)}</Typography>
          {choice.method === 'bank' && (
            <BankMandateFields value={mandate} onChange={setMandate} orgName={invoice.org_name} amount={invoice.amount} />
          )}
          <Stack direction="row" spacing={2}>
            <Button onClick={() => setChoice(null)} disabled={pay.isPending}>
              Back
            </Button>
            <Button variant="contained" onClick={confirm} disabled={!canConfirm}>
              Confirm payment
            </Button>
          </Stack>
        </Stack>
      )}
      {linkToken && (
        <BankLink
          linkToken={linkToken}
          stripeAccount={invoice.stripe_account}
          onClose={(message) => {
            setLinkToken(null);
            if (message) setError(message);
          }}
          onLinked={(bank) => {
            setLinkToken(null);
            setChoice({ method: 'bank', bank });
          }}
        />
      )}
    </Stack>
  );
}
