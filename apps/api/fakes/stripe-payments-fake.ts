import type { FakeAnswer, FakeRequest } from './http-fake.ts';
import type { Json, StripeRouteModule } from './stripe-core-fake.ts';
import { TEST_CARDS } from './stripe-payments-data.ts';
import { createBankAccounts } from './stripe-payments-banks.ts';
import { createDisputes } from './stripe-payments-disputes.ts';
import { createIntents } from './stripe-payments-intents.ts';
import { createMoney, view, type Emit, type StripeError } from './stripe-payments-money.ts';
import { createPayouts, type DepositPayout } from './stripe-payments-payouts.ts';
import { createRefunds } from './stripe-payments-refunds.ts';

type Owned = Record<string, unknown> & { account: string | null };

/** What the payments fake needs of the rest of the Stripe fake: the connected accounts (stripe-accounts-fake.ts) and Treasury. */
type ConnectedAccounts = {
  exists(id: string): boolean;
  /** The account's controller.fees.payer: 'application' when the platform pays Stripe's fees. */
  feesPayerOf(id: string): string | undefined;
  capabilityOf(id: string, capability: string): string | undefined;
  /** The account's settings.payouts.schedule.interval. */
  payoutScheduleOf(id: string): string | undefined;
  deposit: DepositPayout;
};

/**
 * Stripe Payments inside the Stripe fake (stripe-fake.ts routes to it): PaymentIntents with the
 * documented test PaymentMethods (3-D Secure cards included) and US bank accounts (Financial
 * Connections, or numbers needing micro-deposits), direct charges on connected accounts with
 * application fees, the payments balance of each account, refunds, disputes, external accounts
 * and payouts. Outcomes that come later in real life (an ACH debit settling, a dispute decided,
 * a refund failing) wait for `runLater`, the payout schedule for `runPayouts`, payouts' arrival for
 * `arrivePayouts`.
 */
export function createPaymentsFake(options: { error: StripeError; emit: Emit; accounts: ConnectedAccounts }) {
  const { error, emit, accounts } = options;
  const later: (() => void)[] = [];
  const schedule = (work: () => void) => later.push(work);
  const money = createMoney(emit, { feesPayerOf: (account) => (account ? accounts.feesPayerOf(account) : 'application') });
  const banks = createBankAccounts(error);
  const disputes = createDisputes({ error, emit, money, schedule });
  const intents = createIntents({ error, emit, money, banks, disputes, schedule, capabilityOf: accounts.capabilityOf });
  const refunds = createRefunds({ error, emit, money, schedule });
  const payouts = createPayouts({
    error,
    emit,
    money,
    deposit: accounts.deposit,
    exists: accounts.exists,
    scheduleOf: accounts.payoutScheduleOf,
  });

  const unknownAccount = (account: string | undefined) =>
    account && !accounts.exists(account) ? error(403, { type: 'invalid_request_error', code: 'account_invalid' }) : null;

  function paymentMethod(id: string): FakeAnswer | null {
    const card = TEST_CARDS[id];
    if (!card) return error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${id}'` });
    return { status: 200, body: { id, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4 } } };
  }

  const module: StripeRouteModule = {
    name: 'payments',
    post(request: FakeRequest, params: Json, account: string | undefined): FakeAnswer | null {
      const refused = unknownAccount(account);
      if (refused) return refused;
      return (
        intents.post(request.path, params, account) ??
        banks.post(request.path, params, account) ??
        refunds.post(request.path, params, account) ??
        disputes.post(request.path, params, account) ??
        payouts.post(request.path, params)
      );
    },
    get(request: FakeRequest, account: string | undefined): FakeAnswer | null {
      const refused = unknownAccount(account);
      if (refused) return refused;
      const [, , collection, id] = request.path.split('/');
      // Test PaymentMethods exist on every account.
      if (collection === 'payment_methods' && id) return paymentMethod(id);
      return (
        intents.get(request.path, account, request.query) ??
        banks.get(request.path, account, request.query) ??
        refunds.get(request.path, account, request.query) ??
        disputes.get(request.path, account) ??
        payouts.get(request.path, account, request.query)
      );
    },
    state,
  };

  /** For GET /_fake/state: charges, refunds, disputes, balances, application fees and payouts, in cents. */
  function state(): Record<string, unknown> & Record<'payment_intents' | 'charges' | 'refunds' | 'disputes' | 'payouts', Owned[]> {
    return {
      payments_balances: Object.fromEntries(money.balances),
      platform: { application_fees: money.applicationFeesOf(), stripe_fees: money.platform.stripe_fees },
      payment_intents: [...intents.intents.values()].map((intent) => ({ ...view(intent), account: intent.account ?? null })),
      charges: [...money.charges.values()].map((charge) => ({ ...view(charge), account: charge.account ?? null })),
      refunds: [...refunds.refunds.values()].map((refund) => ({ ...view(refund), account: refund.account ?? null })),
      disputes: [...disputes.disputes.values()].map((dispute) => ({ ...view(dispute), account: dispute.account ?? null })),
      payouts: [...payouts.payouts.values()].map((payout) => ({ ...view(payout), account: payout.account })),
    };
  }

  return {
    module,
    /** Stripe.js's 3-D Secure step and the payer's answer (see createIntents). */
    authenticate: intents.authenticate,
    /** The payer links a bank account in a Financial Connections Session (Stripe.js's collectFinancialConnectionsAccounts). */
    linkBankAccount: banks.linkAccount,
    /** Everything that was waiting on time (ACH outcomes, dispute decisions, refunds failing): answers how many ran. */
    runLater() {
      const due = later.splice(0);
      for (const work of due) work();
      return due.length;
    },
    /** The payout schedule runs (funds clear, available balances leave in transit for each account's default external account). */
    runPayouts: payouts.runPayouts,
    /** The payouts in transit arrive (paid, or failed when named). */
    arrivePayouts: payouts.arrivePayouts,
    /** What is in transit to this account's external accounts (its payouts not paid or failed yet), in cents. */
    inTransitOf: (account: string) =>
      [...payouts.payouts.values()]
        .filter((payout) => payout.account === account && payout.status === 'in_transit')
        .reduce((sum, payout) => sum + payout.amount, 0),
    /** Each account's payments balance in cents. */
    balanceOf: (account: string) => ({ ...money.balanceOf(account) }),
    /** The application fees the platform holds from this connected account's charges (collected less refunded). */
    applicationFeesOf: money.applicationFeesOf,
    state,
  };
}
