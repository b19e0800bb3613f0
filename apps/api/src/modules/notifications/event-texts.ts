import { formatCents, formatInvoiceAmount, isInvoiceCurrency } from '@crewpay/core';
import type { DomainEvent } from '../../events/dispatcher.ts';

type NotificationText = { text: string; link: string };

const idOf = (value: unknown) => (typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null);
const centsOf = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const nameOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null);
/** An amount in its currency when the event names one other than USD (an invoice billed in euros), else dollars. */
const moneyText = (amount: number, currency?: unknown) =>
  typeof currency === 'string' && currency !== 'usd' && isInvoiceCurrency(currency)
    ? formatInvoiceAmount(amount, currency)
    : formatCents(amount);
const withAmount = (prefix: string, amount: number | null, suffix: string, currency?: unknown) =>
  amount === null ? `${prefix} ${suffix}` : `${prefix} of ${moneyText(amount, currency)} ${suffix}`;
const monthName = (period: unknown) => {
  if (typeof period !== 'string' || !/^\d{4}-\d{2}$/.test(period)) return null;
  return new Date(`${period}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

/** A payment of an invoice that failed, was disputed (or the dispute decided), or a refund that failed. */
function invoiceMoneyText(type: string, data: DomainEvent['data'], amount: number | null): NotificationText {
  const invoiceId = idOf(data.invoice_id);
  const link = invoiceId ? `/invoices/${invoiceId}` : '/invoices';
  const status = typeof data.status === 'string' ? data.status : null;
  if (type === 'invoice.payment_failed')
    return { text: withAmount("An invoice's payment", amount, 'failed: the invoice is still open', data.currency), link };
  if (type === 'invoice.refund_failed') return { text: withAmount('A refund', amount, 'failed: the money is back in your wallet'), link };
  if (type === 'invoice.disputed')
    return { text: withAmount("An invoice's payment", amount, "is disputed by the payer's bank", data.currency), link };
  return { text: withAmount('The dispute of a payment', amount, status === 'won' ? 'was won' : 'was lost', data.currency), link };
}

/**
 * What the bell says for each domain event, and where its link leads. Events nobody needs to
 * be told about answer null. The data comes from our own code, but it is read defensively: a
 * module that names a field differently still yields a sensible notification.
 */
export function notificationFor(event: DomainEvent): NotificationText | null {
  const { data } = event;
  const amount = centsOf(data.amount);
  switch (event.type) {
    case 'onboarding.action_required':
      return { text: 'Stripe needs more information before your wallet can be used', link: '/verification' };
    case 'wallet.out_of_step':
      return { text: "Your wallet's balance at Stripe differs from Crewpay's books: we are looking into it", link: '/wallets' };
    case 'wallet.owes':
      return {
        text: `Money was taken back from your wallet: ${amount === null ? 'what it did not hold' : formatCents(amount)} is owed and repaid first from the next money that arrives`,
        link: '/wallets',
      };
    case 'wallet.frozen':
      return {
        text: `${amount === null ? 'Someone outside Crewpay debited your wallet' : `Someone outside Crewpay debited ${formatCents(amount)} from your wallet`}: its spendable balance is frozen until you review it`,
        link: '/wallets',
      };
    case 'paypal.disconnected':
      return {
        text: 'Your PayPal account withdrew its permissions: connect PayPal again to pay by PayPal or Venmo',
        link: '/wallets?tab=paypal',
      };
    case 'bank.verified':
      return { text: 'Your bank account was verified: you can now add funds', link: '/wallets' };
    case 'bank.funds_arrived':
      return { text: amount === null ? 'Funds arrived in your wallet' : `${formatCents(amount)} arrived in your wallet`, link: '/wallets' };
    case 'payment.posted':
    case 'payment.failed':
    case 'payment.returned': {
      const outcome = { 'payment.posted': 'was posted', 'payment.failed': 'failed', 'payment.returned': 'was returned' }[event.type];
      const paymentId = idOf(data.payment_id) ?? idOf(data.id);
      // "A payment of $1,200.00 to Jane Doe was posted": the payee named when known.
      const payee = nameOf(data.recipient_name);
      const text = withAmount('A payment', amount, payee ? `to ${payee} ${outcome}` : outcome);
      return { text, link: paymentId ? `/payments/${paymentId}` : '/payments' };
    }
    case 'payee.details_provided': {
      const payeeId = idOf(data.payee_id);
      const isCreator = data.payee_type === 'creator';
      const name = nameOf(data.name) ?? (isCreator ? 'A creator' : 'A payee');
      const list = isCreator ? '/creators' : '/agentsManagers';
      return { text: `${name} gave their payout details`, link: payeeId ? `${list}/${payeeId}` : list };
    }
    case 'contract.signed': {
      const contractId = idOf(data.contract_id) ?? idOf(data.id);
      const name = nameOf(data.contract_name) ?? nameOf(data.name) ?? nameOf(data.title);
      return {
        text: name ? `Contract "${name}" was signed` : 'A contract was signed',
        link: contractId ? `/contracts/${contractId}` : '/contracts',
      };
    }
    case 'invoice.paid': {
      const invoiceId = idOf(data.invoice_id) ?? idOf(data.id);
      // An invoice billed in another currency says its own amount (€1,250.00), not dollars.
      return {
        text: withAmount('An invoice', amount, 'was paid', data.currency),
        link: invoiceId ? `/invoices/${invoiceId}` : '/invoices',
      };
    }
    case 'invoice.payment_failed':
    case 'invoice.refund_failed':
    case 'invoice.disputed':
    case 'invoice.dispute_closed':
      return invoiceMoneyText(event.type, data, amount);
    case 'billing.plan_charged': {
      const month = monthName(data.period);
      const charged = amount === null ? 'was charged' : `was charged ${formatCents(amount)}`;
      return { text: `Your Premium plan ${charged}${month ? ` for ${month}` : ''}`, link: '/settings?tab=billing' };
    }
    case 'billing.delinquent':
      return { text: "Your Organization's billing is delinquent, please add funds", link: '/wallets' };
    case 'billing.reinstated':
      return { text: 'Your billing is up to date again', link: '/settings?tab=billing' };
    default:
      return null;
  }
}
