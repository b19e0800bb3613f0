import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { financialAccounts } from '../../db/schema/index.ts';
import { ProviderCallError } from '../contract.ts';
import { callStripe } from '../clients/stripe-client.ts';
import { stripeFor } from '../process-clients.ts';
import type { PayoutRequest, StartedPayout } from './types.ts';

type BankPayout = PayoutRequest & { destination: Extract<PayoutRequest['destination'], { method: 'stripe' }> };

/** Payouts to a US bank account: the `stripe` method (a payee abroad, `nium`, is paid through Nium: modules/payments/nium-*.ts). */
export const isBankPayout = (request: PayoutRequest): request is BankPayout => request.destination.method === 'stripe';

/** How many OutboundPayments of one call are in flight at once (Stripe's rate limits are per account). */
const PARALLEL = 4;

/**
 * The Stripe ACH payout rail: each payout is an OutboundPayment from the organisation's Treasury
 * FinancialAccount (on its connected account) to the payee's bank, keyed `<call key>:<payment id>`
 * so a retried call pays nobody twice. Our ids travel as metadata (org_id, payment_id): its
 * treasury.outbound_payment.* events become payout.paid / failed / returned
 * (providers/webhooks/stripe-treasury-events.ts).
 */
/** Stripe keeps a key's answer for a day; a lost answer is looked for among the OutboundPayments of the days before. */
const LOOKUP_DAYS = 3;

/** The organisation's financial account and the connected account that holds it; refused for good without one. */
async function financialAccountOf(deps: Pick<AppDeps, 'db'>, orgId: string) {
  const [account] = await deps.db
    .select({ id: financialAccounts.provider_account_id, account: financialAccounts.provider_connected_account_id })
    .from(financialAccounts)
    .where(eq(financialAccounts.org_id, orgId));
  if (!account?.account) throw new ProviderCallError({ code: 'financial_account_missing', retryable: false });
  return { id: account.id, account: account.account };
}

/**
 * The OutboundPayments made for these payouts when their answers were lost: the financial
 * account's payments of the last days (a list is consistent at once), our payment id in their
 * metadata. Answers each payout found; one not found is missing from the answer.
 */
export async function findStripeBankPayouts(
  deps: Pick<AppDeps, 'config' | 'db' | 'kernel'>,
  options: { org_id: string; payouts: PayoutRequest[] },
): Promise<StartedPayout[]> {
  if (options.payouts.length === 0) return [];
  const account = await financialAccountOf(deps, options.org_id);
  const stripe = stripeFor(deps);
  const wanted = new Set(options.payouts.map((payout) => payout.payment_id));
  const found: StartedPayout[] = [];
  const since = Math.floor(Date.now() / 1000) - LOOKUP_DAYS * 86_400;
  let startingAfter: string | undefined;
  for (;;) {
    const page = await callStripe(() =>
      stripe.treasury.outboundPayments.list(
        { financial_account: account.id, created: { gte: since }, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) },
        { stripeAccount: account.account },
      ),
    );
    for (const payment of page.data) {
      const paymentId = payment.metadata?.payment_id;
      if (paymentId && wanted.delete(paymentId)) found.push({ payment_id: paymentId, payout_id: payment.id });
    }
    if (wanted.size === 0 || !page.has_more || page.data.length === 0) return found;
    startingAfter = page.data.at(-1)!.id;
  }
}

export async function createStripeBankPayouts(
  deps: Pick<AppDeps, 'config' | 'db' | 'kernel'>,
  options: { org_id: string; idempotency_key: string; payouts: BankPayout[] },
): Promise<StartedPayout[]> {
  if (options.payouts.length === 0) return [];
  const account = await financialAccountOf(deps, options.org_id);
  const stripe = stripeFor(deps);
  const started: StartedPayout[] = [];
  for (let start = 0; start < options.payouts.length; start += PARALLEL) {
    const batch = options.payouts.slice(start, start + PARALLEL);
    const answers = await Promise.all(
      batch.map((payout) =>
        callStripe(() =>
          stripe.treasury.outboundPayments.create(
            {
              financial_account: account.id,
              amount: payout.amount,
              currency: 'usd',
              destination_payment_method_data: {
                type: 'us_bank_account',
                us_bank_account: {
                  account_holder_type: payout.destination.account_holder?.type ?? 'individual',
                  account_number: payout.destination.account_number,
                  routing_number: payout.destination.routing_number,
                },
                // The name the payee's bank sees on the ACH entry; destinations sealed before it was kept say so plainly.
                billing_details: { name: payout.destination.account_holder?.name ?? 'Crewpay payee' },
              },
              destination_payment_method_options: { us_bank_account: { network: 'ach' } },
              description: 'Crewpay payout',
              metadata: { org_id: options.org_id, payment_id: payout.payment_id },
            },
            { idempotencyKey: `${options.idempotency_key}:${payout.payment_id}`, stripeAccount: account.account },
          ),
        ),
      ),
    );
    answers.forEach((payment, index) => started.push({ payment_id: batch[index]!.payment_id, payout_id: payment.id }));
  }
  return started;
}
