import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import { financialAccounts } from '../../db/schema/index.ts';
import { ProviderCallError } from '../contract.ts';
import { callStripe, STRIPE_PROVIDER } from '../clients/stripe-client.ts';
import { stripeFor } from '../process-clients.ts';
import { ACCOUNT_CAPABILITIES, submitOwnersToStripe, submitToStripe, TREASURY_CONTROLLER } from './stripe-onboarding.ts';
import type { BankingProvider, ProviderFinancialAccount, ProviderMoneyMovement } from './types.ts';

type TreasuryDeps = Pick<AppDeps, 'config' | 'db' | 'secrets' | 'kernel'>;

/** The features the wallet uses: its own ABA numbers, ACH debits of the verified bank, ACH payments out. */
const FINANCIAL_ACCOUNT_FEATURES: Stripe.Treasury.FinancialAccountCreateParams.Features = {
  financial_addresses: { aba: { requested: true } },
  inbound_transfers: { ach: { requested: true } },
  outbound_payments: { ach: { requested: true } },
  deposit_insurance: { requested: true },
  // Crewpay's fees go to the platform's financial account (and come back) over the stripe network.
  intra_stripe_flows: { requested: true },
};

/** The expansion that makes Stripe answer the full account number of the ABA address. */
export const ABA_NUMBER_EXPANSION = ['financial_addresses.aba.account_number'];

/** The ABA numbers of a financial account, when its address feature is active and the number was expanded. */
export function abaNumbers(account: Stripe.Treasury.FinancialAccount): { account_number: string; routing_number: string } | null {
  const aba = account.financial_addresses.find((address) => address.type === 'aba')?.aba;
  if (!aba?.account_number || !aba.routing_number) return null;
  return { account_number: aba.account_number, routing_number: aba.routing_number };
}

/** A money movement Stripe accepted (processing); one already failed or canceled is refused for good. */
function startedMovement(object: { id: string; status: string; created: number; failure_details?: { code: string } | null }) {
  if (object.status === 'failed' || object.status === 'canceled')
    throw new ProviderCallError({ code: object.failure_details?.code ?? object.status, retryable: false });
  const movement: ProviderMoneyMovement = {
    provider_id: object.id,
    status: 'processing',
    created_at: new Date(object.created * 1000).toISOString(),
  };
  return movement;
}

/**
 * The first object of a Stripe list (page after page, newest first) that is ours; null when none
 * is, or once the pages reach objects created before `since` (unix seconds).
 */
async function findInPages<T extends { id: string; created: number }>(
  list: (startingAfter: string | undefined) => Promise<Stripe.ApiList<T>>,
  ours: (object: T) => boolean,
  since: number,
): Promise<T | null> {
  let startingAfter: string | undefined;
  for (;;) {
    const page = await list(startingAfter);
    const found = page.data.find(ours);
    if (found) return found;
    const last = page.data.at(-1);
    if (!page.has_more || !last || last.created < since) return null;
    startingAfter = last.id;
  }
}

/**
 * Banking on Stripe Treasury, with the official package. Each organisation has a connected
 * account (Custom, Stripe-collected requirements) holding one FinancialAccount; every call after
 * the first is made on that account (Stripe-Account header) with the caller's idempotency key.
 * Bank links are SetupIntents attached to the account itself (attach_to_self) and verified by
 * micro-deposits on Stripe's hosted page (descriptor code); ACH debits are InboundTransfers from
 * the verified PaymentMethod, transfers out OutboundPayments. Outcomes arrive as Stripe events
 * (providers/webhooks/stripe-treasury-events.ts), mapped onto the sandbox's event types.
 */
export function createStripeTreasury(deps: TreasuryDeps): BankingProvider {
  const stripe = () => stripeFor(deps);

  /** The organisation's financial account and the connected account that holds it. */
  async function accountOf(orgId: string) {
    const [row] = await deps.db
      .select({ id: financialAccounts.provider_account_id, account: financialAccounts.provider_connected_account_id })
      .from(financialAccounts)
      .where(eq(financialAccounts.org_id, orgId));
    if (!row?.account) throw new ProviderCallError({ code: 'financial_account_missing', retryable: false });
    return { financialAccount: row.id, stripeAccount: row.account };
  }

  return {
    name: STRIPE_PROVIDER,

    async createAccountHolder(options) {
      const account = await callStripe(() =>
        stripe().accounts.create(
          { country: 'US', controller: TREASURY_CONTROLLER, capabilities: ACCOUNT_CAPABILITIES, metadata: { org_id: options.org_id } },
          { idempotencyKey: options.idempotency_key },
        ),
      );
      return { account_id: account.id };
    },

    submitOnboarding: (options) => submitToStripe(stripe(), options),

    submitOwners: (options) => submitOwnersToStripe(stripe(), options),

    async onboardingLink(options) {
      const link = await callStripe(() =>
        stripe().accountLinks.create({
          account: options.account_id,
          type: 'account_onboarding',
          collection_options: { fields: 'currently_due' },
          refresh_url: options.return_url,
          return_url: options.return_url,
        }),
      );
      return link.url;
    },

    async createFinancialAccount(options): Promise<ProviderFinancialAccount> {
      const stripeAccount = options.account_id;
      // An account that already holds one (a retry after our record of it was lost) keeps it: never a second wallet.
      const existing = await callStripe(() =>
        stripe().treasury.financialAccounts.list({ limit: 1, expand: ['data.financial_addresses.aba.account_number'] }, { stripeAccount }),
      );
      const financialAccount =
        existing.data[0] ??
        (await callStripe(() =>
          stripe().treasury.financialAccounts.create(
            {
              supported_currencies: ['usd'],
              features: FINANCIAL_ACCOUNT_FEATURES,
              metadata: { org_id: options.org_id },
              expand: ABA_NUMBER_EXPANSION,
            },
            { idempotencyKey: options.idempotency_key, stripeAccount },
          ),
        ));
      const numbers = abaNumbers(financialAccount);
      return {
        provider_account_id: financialAccount.id,
        connected_account_id: stripeAccount,
        account_number: numbers?.account_number ?? null,
        routing_number: numbers?.routing_number ?? null,
      };
    },

    async createSetupIntent(options) {
      const { stripeAccount } = await accountOf(options.org_id);
      const intent = await callStripe(() =>
        stripe().setupIntents.create(
          {
            attach_to_self: true,
            flow_directions: ['inbound', 'outbound'],
            allowed_payment_method_types: ['us_bank_account'],
            payment_method_data: {
              type: 'us_bank_account',
              us_bank_account: {
                account_holder_type: 'company',
                account_number: options.account_number,
                routing_number: options.routing_number,
              },
              billing_details: { name: options.account_holder_name },
            },
            payment_method_options: { us_bank_account: { verification_method: 'microdeposits' } },
            mandate_data: { customer_acceptance: { type: 'offline' } },
            confirm: true,
            metadata: { org_id: options.org_id, bank_link_id: options.bank_link_id },
            expand: ['payment_method'],
          },
          { idempotencyKey: options.idempotency_key, stripeAccount },
        ),
      );
      const url = intent.next_action?.verify_with_microdeposits?.hosted_verification_url;
      if (intent.status !== 'requires_action' || !url)
        throw new ProviderCallError({ code: intent.last_setup_error?.code ?? `setup_intent_${intent.status}`, retryable: false });
      const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
      return {
        setup_intent_id: intent.id,
        bank_name: method?.us_bank_account?.bank_name ?? 'Bank account',
        status: 'requires_action' as const,
        hosted_verification_url: url,
        descriptor_code: null,
      };
    },

    hostedVerificationUrl: () => null,

    async createInboundTransfer(options) {
      if (!options.payment_method_id) throw new ProviderCallError({ code: 'payment_method_missing', retryable: false });
      const { financialAccount, stripeAccount } = await accountOf(options.org_id);
      const transfer = await callStripe(() =>
        stripe().treasury.inboundTransfers.create(
          {
            financial_account: financialAccount,
            amount: options.amount,
            currency: 'usd',
            origin_payment_method: options.payment_method_id!,
            description: 'Add funds',
            statement_descriptor: 'Crewpay',
            metadata: { org_id: options.org_id, ...options.metadata },
          },
          { idempotencyKey: options.idempotency_key, stripeAccount },
        ),
      );
      return startedMovement(transfer);
    },

    async createOutboundPayment(options) {
      if (!options.routing_number) throw new ProviderCallError({ code: 'routing_number_missing', retryable: false });
      const { financialAccount, stripeAccount } = await accountOf(options.org_id);
      const payment = await callStripe(() =>
        stripe().treasury.outboundPayments.create(
          {
            financial_account: financialAccount,
            amount: options.amount,
            currency: 'usd',
            destination_payment_method_data: {
              type: 'us_bank_account',
              us_bank_account: {
                account_holder_type: 'company',
                account_number: options.account_number,
                routing_number: options.routing_number!,
              },
              billing_details: { name: options.account_holder_name ?? 'Account holder' },
            },
            destination_payment_method_options: { us_bank_account: { network: 'ach' } },
            description: options.description.slice(0, 1000) || 'Transfer out',
            metadata: { org_id: options.org_id, ...options.metadata },
          },
          { idempotencyKey: options.idempotency_key, stripeAccount },
        ),
      );
      return startedMovement(payment);
    },

    async moveFee(options) {
      const platform = deps.config.providers.stripe.platformFinancialAccount;
      if (!platform) throw new ProviderCallError({ code: 'platform_financial_account_missing', retryable: false });
      const { financialAccount, stripeAccount } = await accountOf(options.org_id);
      const collecting = options.direction === 'collect';
      const payment = await callStripe(() =>
        stripe().treasury.outboundPayments.create(
          {
            financial_account: collecting ? financialAccount : platform,
            amount: options.amount,
            currency: 'usd',
            destination_payment_method_data: { type: 'financial_account', financial_account: collecting ? platform : financialAccount },
            description: options.description.slice(0, 1000),
            metadata: { org_id: options.org_id, fee_transfer: options.idempotency_key },
          },
          // A refund leaves the platform's own financial account: no Stripe-Account header.
          { idempotencyKey: options.idempotency_key, ...(collecting ? { stripeAccount } : {}) },
        ),
      );
      return { provider_id: startedMovement(payment).provider_id };
    },

    async findMovement(options) {
      const { financialAccount, stripeAccount } = await accountOf(options.org_id);
      const ours = (object: { metadata: Stripe.Metadata | null }) =>
        object.metadata?.treasury_transaction_id === options.metadata.treasury_transaction_id;
      // The financial account's movements of that kind, newest first (InboundTransfers have no `created` filter: the pages stop at `since`).
      const list = (startingAfter: string | undefined) => {
        const params = { financial_account: financialAccount, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) };
        return callStripe<Stripe.ApiList<Stripe.Treasury.InboundTransfer | Stripe.Treasury.OutboundPayment>>(() =>
          options.kind === 'inbound_transfer'
            ? stripe().treasury.inboundTransfers.list(params, { stripeAccount })
            : stripe().treasury.outboundPayments.list({ ...params, created: { gte: options.since } }, { stripeAccount }),
        );
      };
      const found = await findInPages(list, ours, options.since);
      return found ? startedMovement(found) : null;
    },

    async findFee(options) {
      const platform = deps.config.providers.stripe.platformFinancialAccount;
      if (!platform) return null;
      const collecting = options.direction === 'collect';
      const { financialAccount, stripeAccount } = await accountOf(options.org_id);
      const list = (startingAfter: string | undefined) =>
        callStripe(() =>
          stripe().treasury.outboundPayments.list(
            {
              financial_account: collecting ? financialAccount : platform,
              created: { gte: options.since },
              limit: 100,
              ...(startingAfter ? { starting_after: startingAfter } : {}),
            },
            collecting ? { stripeAccount } : {},
          ),
        );
      const found = await findInPages(list, (payment) => payment.metadata?.fee_transfer === options.idempotency_key, options.since);
      return found ? { provider_id: startedMovement(found).provider_id } : null;
    },

    async balanceOf(orgId) {
      const { financialAccount, stripeAccount } = await accountOf(orgId);
      const account = await callStripe(() => stripe().treasury.financialAccounts.retrieve(financialAccount, {}, { stripeAccount }));
      const payments = await callStripe(() => stripe().balance.retrieve({}, { stripeAccount }));
      let inTransit = 0;
      for (const status of ['pending', 'in_transit'] as const) {
        const payouts = await callStripe(() => stripe().payouts.list({ status, limit: 100 }, { stripeAccount }));
        for (const payout of payouts.data) if (payout.currency === 'usd') inTransit += payout.amount;
      }
      const usd = (amounts: Record<string, number>) => amounts.usd ?? 0;
      const usdOf = (amounts: { amount: number; currency: string }[]) =>
        amounts.filter((entry) => entry.currency === 'usd').reduce((sum, entry) => sum + entry.amount, 0);
      return {
        cash: usd(account.balance.cash),
        inbound_pending: usd(account.balance.inbound_pending),
        outbound_pending: usd(account.balance.outbound_pending),
        payments: usdOf(payments.available) + usdOf(payments.pending),
        in_transit: inTransit,
      };
    },

    async movementStatus(options) {
      const { stripeAccount } = await accountOf(options.org_id);
      if (options.provider_id.startsWith('ibt_')) {
        const transfer = await callStripe(() => stripe().treasury.inboundTransfers.retrieve(options.provider_id, {}, { stripeAccount }));
        return transfer.returned ? 'returned' : transfer.status;
      }
      if (options.provider_id.startsWith('obp_'))
        return (await callStripe(() => stripe().treasury.outboundPayments.retrieve(options.provider_id, {}, { stripeAccount }))).status;
      return null;
    },
  };
}
