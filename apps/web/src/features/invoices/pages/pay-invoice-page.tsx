import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { declineMessage, formatInvoiceAmount, invoiceMessages, type InvoiceLinkInfo } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { reloadLink, useInvoiceLink, useLeaveWaitingPayment } from '../api/pay.ts';
import { CardAuthentication } from '../components/card-authentication.tsx';
import { InvoiceSummary } from '../components/invoice-summary.tsx';
import { OfflinePayment } from '../components/offline-payment.tsx';
import { PayForm } from '../components/pay-form.tsx';
import { PayFrame, PayMessage } from '../components/pay-frame.tsx';

/** After this long a card payment still processing is said to be so: the receipt will follow. */
const PATIENCE_MS = 20_000;

const thanks = (amount: number, currency: string) =>
  `Your payment of ${formatInvoiceAmount(amount, currency)} has been sent! A receipt has been emailed to you, please check your spam folder if you're having trouble finding it.`;
const bankOnItsWay = (amount: number) =>
  `Your bank payment of ${formatInvoiceAmount(amount, 'usd')} is on its way. Bank debits take a few business days to go through; we will email you a receipt once it has.`;

type Payment = NonNullable<InvoiceLinkInfo['payment']>;

/** The payer waits on the outcome: a card charge being processed, or one whose 3-D Secure step they have just answered. */
const isWaitingOn = (payment: Payment | null | undefined, answered: ReadonlySet<string>) =>
  payment?.status === 'pending' &&
  payment.charge_type === 'card' &&
  (payment.next_action === null || (payment.client_secret !== null && answered.has(payment.client_secret)));

/** Says so honestly when the outcome takes longer than a card's usually does. */
function useIsSlow(isWaiting: boolean): boolean {
  const [isSlow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!isWaiting) return;
    const timer = setTimeout(() => setSlow(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [isWaiting]);
  return isSlow;
}

/**
 * /invoices/pay?id=: the form, the confirm screen, then the payment's real outcome: the page waits
 * for it (asking the server while a card is processed), runs the 3-D Secure step when the card's
 * bank asks for one, thanks the payer only once the payment went through, and shows a decline
 * with its reason above the form to try again. An offline invoice shows no form: it says how it is
 * paid. No sign-in: the link id is the credential.
 */
export default function PayInvoicePage() {
  const [params] = useSearchParams();
  const linkId = params.get('id') ?? '';
  const answered = useRef(new Set<string>());
  // The payments the payer chose to leave for another method: canceled on the server, the page waits until they are.
  const left = useRef(new Set<string>());
  const [, rerender] = useState(0);
  const [isWaiting, setWaiting] = useState(false);
  const { data: invoice, isError, isLoading } = useInvoiceLink(linkId, { isWaiting });
  const leave = useLeaveWaitingPayment(linkId);
  const payment = invoice?.payment;
  const isLeaving = payment?.status === 'pending' && payment.client_secret !== null && left.current.has(payment.client_secret);
  const waiting = isWaitingOn(payment, answered.current) || isLeaving;
  useEffect(() => setWaiting(waiting), [waiting]);
  const isSlow = useIsSlow(waiting);
  const leavePayment = () => {
    const secret = payment?.client_secret;
    if (secret) left.current.add(secret);
    leave.mutate(undefined, { onError: () => secret && left.current.delete(secret) });
  };
  const anotherMethod = (
    <Button disabled={leave.isPending} onClick={leavePayment}>
      Use another payment method
    </Button>
  );

  if (isLoading) return <FullPageSpinner />;
  if (isError || !invoice) return <PayMessage title="Something went wrong." text="There was an issue retrieving info for this action" />;
  if (invoice.status === 'canceled') return <PayMessage title={invoiceMessages.canceled} />;
  // Marked paid by the organisation: no payment was taken here and no receipt was emailed.
  if (invoice.status === 'succeeded' && invoice.processor === 'offline')
    return <PayMessage title="This invoice has been paid." text={`${invoice.org_name} has marked it as paid.`} />;
  if (invoice.status === 'succeeded' || payment?.status === 'succeeded')
    return <PayMessage title="Thank you!" text={thanks(payment?.amount ?? invoice.amount, invoice.currency)} />;
  if (isLeaving) return <PayMessage title="Canceling this payment…" text="You can then pay by another card or method." isBusy />;
  if (payment?.status === 'pending' && payment.charge_type === 'ach') {
    if (payment.next_action === 'verify_bank')
      return (
        <PayMessage
          title="Verify your bank account"
          text="Your bank will show a small deposit in 1-2 business days. Enter its code on the verification page to complete your payment."
        >
          {payment.verification_url && (
            <Button variant="contained" href={payment.verification_url} target="_blank" rel="noopener noreferrer">
              Open the verification page
            </Button>
          )}
          {anotherMethod}
        </PayMessage>
      );
    return <PayMessage title="Thank you!" text={bankOnItsWay(payment.amount)} />;
  }
  if (waiting)
    return (
      <PayMessage
        title="Processing your payment…"
        text={
          isSlow
            ? 'Your payment is still processing. We will email you a receipt as soon as it goes through; you can close this page.'
            : undefined
        }
        isBusy
      />
    );
  if (payment?.status === 'pending' && payment.next_action === 'authenticate' && payment.client_secret)
    return (
      <PayMessage title="Authenticating your card…" text="Your bank asks you to confirm this payment." isBusy>
        <CardAuthentication
          clientSecret={payment.client_secret}
          amount={payment.amount}
          stripeAccount={invoice.stripe_account}
          onDone={() => {
            answered.current.add(payment.client_secret!);
            rerender((count) => count + 1);
            void reloadLink(linkId);
          }}
          onAnotherMethod={leavePayment}
        />
        {anotherMethod}
      </PayMessage>
    );

  const notice =
    payment?.status === 'failed' ? `${declineMessage(payment.failure_reason)} Please try again or use another payment method.` : null;
  return (
    <PayFrame>
      <Stack spacing={3}>
        <InvoiceSummary invoice={invoice} pdfHref={`/v1/invoices/pay/pdf?id=${encodeURIComponent(linkId)}`} />
        <Divider />
        {invoice.processor === 'offline' ? (
          <OfflinePayment invoice={invoice} linkId={linkId} />
        ) : (
          <PayForm
            invoice={invoice}
            linkId={linkId}
            notice={notice}
            lastMethod={payment?.status === 'failed' ? (payment.charge_type === 'card' ? 'card' : 'bank') : null}
          />
        )}
      </Stack>
    </PayFrame>
  );
}
