import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { financialAccounts } from '../../db/schema/index.ts';
import { ProviderCallError } from '../contract.ts';
import { callStripe, stripeClient } from '../clients/stripe-client.ts';
import type { PayoutRequest, StartedPayout } from './types.ts';

type BankPayout = PayoutRequest & { destination: Extract<PayoutRequest['destination'], { method: 'stripe' }> };

/** Payouts to a US bank account: the `stripe` method (a payee abroad, `nium`, is paid through Nium: modules/payments/nium-*.ts). */
export const isBankPayout = (request: PayoutRequest): request is BankPayout =>
  request.destination.method === 'stripe';

/** How many OutboundPayments of one call are in flight at once (Stripe's rate limits are per account). */
const PARALLEL = 4;

/**
 * The Stripe ACH payout rail: each payout is an OutboundPayment from the organisation's Treasury
 * FinancialAccount (on its connected account) to the payee's bank, keyed `<call key>:<payment id>`
 * so a retried call pays nobody twice. Our ids travel as metadata (org_id, payment_id): its
 * treasury.outbound_payment.* events become payout.paid / failed / returned
 * (providers/webhooks/stripe-treasury-events.ts).
 */
export async function createStripeBankPayouts(
  deps: Pick<AppDeps, 'config' | 'db'>,
  options: { org_id: string; idempotency_key: string; payouts: BankPayout[] },
): Promise<StartedPayout[]> {
  if (options.payouts.length === 0) return [];
  const [account] = await deps.db
    .select({ id: financialAccounts.provider_account_id, account: financialAccounts.provider_connected_account_id })
    .from(financialAccounts)
    .where(eq(financialAccounts.org_id, options.org_id));
  if (!account?.account) throw new ProviderCallError({ code: 'financial_account_missing', retryable: false });
  const stripe = stripeClient(deps.config.providers.stripe);
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
            { idempotencyKey: `${options.idempotency_key}:${payout.payment_id}`, stripeAccount: account.account! },
          ),
        ),
      ),
    );
    answers.forEach((payment, index) => started.push({ payment_id: batch[index]!.payment_id, payout_id: payment.id }));
  }
  return started;
}
