import { eq } from 'drizzle-orm';
import { invoiceMessages, type PayInvoiceBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { customers, type Invoice } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { paymentsInProvider } from '../../providers/payments-in/index.ts';
import { findFinancialAccount } from '../treasury/index.ts';
import type { ChargeCallRequest, StoredBankSource } from './charge-calls.ts';

const BANK_LINK_EXPIRED = 'This bank link has expired: connect your bank again';
const NOT_READY = 'This organisation cannot take online payments yet: please contact them';

/**
 * The organisation's own Stripe account, where its invoices are charged (direct charges,
 * docs/money-flows.md); null in the sandbox, which keeps no accounts, and null while the
 * organisation has none yet.
 */
export async function chargeAccountOf(deps: AppDeps, orgId: string): Promise<string | null> {
  if (deps.config.isSandbox) return null;
  const wallet = await findFinancialAccount(deps.db, orgId).catch(() => null);
  return wallet?.provider_connected_account_id ?? null;
}

type Prepared = {
  charge_type: 'card' | 'ach';
  label: string;
  request: Pick<ChargeCallRequest, 'token' | 'bank' | 'payer' | 'mandate_sealed'>;
};

/**
 * What the provider is asked, resolved before our transaction (docs/providers.md: calls a person
 * waits for): the card's brand and last 4, or the bank the payer linked, their name, and the
 * mandate they accepted on the page (the request's IP and browser, and when: sealed, as they are
 * personal data).
 */
export async function prepareMethod(
  deps: AppDeps,
  options: {
    body: PayInvoiceBody;
    invoice: Invoice;
    account: string | null;
    payer: { ip_address: string; user_agent: string };
    accepted_at: string;
  },
): Promise<Prepared> {
  const { body, account, invoice } = options;
  if (!deps.config.isSandbox && !account) throw new AppError('conflict', NOT_READY);
  const provider = paymentsInProvider(deps);
  if (body.method === 'card') {
    const card = await provider.describeCard({ org_id: invoice.org_id, account, token: body.payment_method });
    if (!card) throw new AppError('validation_error', invoiceMessages.card, { field: 'payment_method' });
    return { charge_type: 'card', label: `${card.brand} •••• ${card.last4}`, request: { token: body.payment_method } };
  }
  const bank = await provider.linkedBank({ org_id: invoice.org_id, account, token: body.public_token, account_id: body.account_id });
  if (!bank) throw new AppError('validation_error', BANK_LINK_EXPIRED, { field: 'public_token' });
  const { source } = bank;
  const stored: StoredBankSource =
    source.kind === 'numbers'
      ? { kind: 'numbers', account_number_sealed: deps.secrets.encrypt(source.account_number), routing_number: source.routing_number }
      : source;
  const [customer] = await deps.db.select({ email: customers.email }).from(customers).where(eq(customers.id, invoice.customer_id));
  const mandate = { ...options.payer, accepted_at: options.accepted_at };
  return {
    charge_type: 'ach',
    label: bank.label,
    request: {
      bank: stored,
      payer: { name: body.name, email: customer?.email ?? null },
      mandate_sealed: deps.secrets.encrypt(JSON.stringify(mandate)),
    },
  };
}
