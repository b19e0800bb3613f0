import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { PaymentsInProvider } from './types.ts';

const UNAVAILABLE = 'The bank link is not answering right now: please try again in a minute';

type BankLinkPart = Pick<PaymentsInProvider, 'createBankLink' | 'linkedBank'>;
const accountOptions = (account: string | null) => (account ? { stripeAccount: account } : {});

const REFUSED = 'Your bank cannot be linked for this invoice right now: please pay by card or try again later';

/**
 * The payer waits on these calls: Stripe down or throttling us is a "try again" for them, a
 * refusal (an account not able to take bank payments yet) a message; never a 500. A missing
 * object answers `missing` when given.
 */
async function payerWaits<T>(request: () => Promise<T>, missing?: () => T): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const status = error instanceof Stripe.errors.StripeError ? (error.statusCode ?? 500) : 500;
    if (status === 404 && missing) return missing();
    if (status === 429) throw new AppError('rate_limited', UNAVAILABLE);
    if (status >= 500 || status === 409 || !(error instanceof Stripe.errors.StripeError))
      throw new AppError('provider_unavailable', UNAVAILABLE);
    throw new AppError('conflict', REFUSED);
  }
}

/**
 * The bank link of invoice ACH payments on Stripe Financial Connections (docs/decisions.md):
 * the payer logs in to their bank in Stripe's own window (Stripe.js's
 * collectFinancialConnectionsAccounts with the Session's client secret), and the debit uses the
 * account they linked, verified at once, with no account number ever reaching us. A Session
 * belongs to a customer of the organisation's connected account: the invoice's customer, found
 * again by our id in its metadata (so a later payment reuses it) or created with a key derived
 * from our customer's id.
 */
export function createStripeBankLink(stripe: () => Stripe): BankLinkPart {
  async function stripeCustomer(account: string | null, customer: { id: string; name: string; email: string }): Promise<string> {
    const found = await payerWaits(() => stripe().customers.list({ email: customer.email, limit: 100 }, accountOptions(account)));
    const ours = found.data.find((candidate) => candidate.metadata?.crewpay_customer_id === customer.id);
    if (ours) return ours.id;
    const created = await payerWaits(() =>
      stripe().customers.create(
        { email: customer.email, name: customer.name, metadata: { crewpay_customer_id: customer.id } },
        { ...accountOptions(account), idempotencyKey: `payments_in.customer:${customer.id}` },
      ),
    );
    return created.id;
  }

  return {
    async createBankLink(options) {
      const customer = await stripeCustomer(options.account, options.customer);
      // A Session moves no money and is opened anew at each "Connect your bank": no key to repeat it by.
      const session = await payerWaits(() =>
        stripe().financialConnections.sessions.create(
          {
            account_holder: { type: 'customer', customer },
            permissions: ['payment_method'],
            filters: { country: 'US', account_subcategories: ['checking', 'savings'] },
          },
          accountOptions(options.account),
        ),
      );
      if (!session.client_secret) throw new AppError('provider_unavailable', UNAVAILABLE);
      return { token: session.client_secret };
    },

    async linkedBank(options) {
      if (!/^fcsess_\w{1,200}$/.test(options.token)) return null;
      const session = await payerWaits<Stripe.FinancialConnections.Session | null>(
        () => stripe().financialConnections.sessions.retrieve(options.token, {}, accountOptions(options.account)),
        () => null,
      );
      if (!session) return null;
      const linked = session.accounts.data.find((account) => account.id === options.account_id);
      const customer = session.account_holder?.customer;
      const customerId = typeof customer === 'string' ? customer : customer?.id;
      if (!linked || !customerId || !linked.permissions?.includes('payment_method')) return null;
      return {
        label: `${linked.institution_name} •••• ${linked.last4 ?? ''}`.trim(),
        source: { kind: 'financial_connections', account: linked.id, customer: customerId },
      };
    },
  };
}
