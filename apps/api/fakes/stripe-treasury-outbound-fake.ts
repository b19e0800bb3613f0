import type { FakeAnswer } from './http-fake.ts';
import { id, invalid, listAnswer, missing, now, stripeError, type Emit, type Json } from './stripe-core-fake.ts';

/** A financial account's money as Stripe reports it: spendable cash, and what is on its way in or out. */
export type FakeFinancialAccount = Json & {
  id: string;
  account: string | undefined;
  cash: number;
  inbound_pending: number;
  outbound_pending: number;
  account_number: string;
  pending: boolean;
};

/**
 * Stripe's test bank accounts (routing 110000000) with their documented outcomes: each of these
 * makes an ACH movement fail with its code (000111111113 is account_closed); any other number
 * succeeds. A return after success is made with the test helpers' `return`, as in Stripe's test mode.
 */
export const TEST_BANK_FAILURES: Record<string, string> = {
  '000111111116': 'no_account',
  '000111111113': 'account_closed',
  '000222222227': 'insufficient_funds',
  '000333333335': 'debit_not_authorized',
  '000444444440': 'invalid_currency',
};

type Deps = { emit: Emit; financialAccounts: Map<string, FakeFinancialAccount>; view: (object: Json) => Json };

/**
 * OutboundPayments: to an outside bank by ACH (processing: the cash leaves at once into
 * outbound_pending; then posted, failed or returned by the test helpers, or by `settle` with the
 * test account's documented outcome), or to another financial account of the platform over the
 * `stripe` network (posted at once; the receiver gets a ReceivedCredit). Refused beyond the cash
 * balance, each payment on its own. Also the test helper that makes a ReceivedCredit.
 */
export function createOutboundFake({ emit, financialAccounts, view }: Deps) {
  const payments = new Map<string, Json & { destination_number: string | null }>();
  const credits: Json[] = [];

  function receiveCredit(target: FakeFinancialAccount, amount: number, network: string, description: string, source?: string) {
    const credit = {
      id: id('rc'),
      object: 'treasury.received_credit',
      amount,
      currency: 'usd',
      created: now(),
      description,
      financial_account: target.id,
      network,
      status: 'succeeded',
      failure_code: null,
      linked_flows: {
        credit_reversal: null,
        issuing_authorization: null,
        issuing_transaction: null,
        source_flow: source ?? null,
        source_flow_type: source ? 'outbound_payment' : null,
      },
    };
    target.cash += amount;
    credits.push(credit);
    // Stripe reports a credit when it is created and when it succeeds (here at once): two events, one credit.
    emit('treasury.received_credit.created', credit, target.account);
    emit('treasury.received_credit.succeeded', credit, target.account);
    return credit;
  }

  function create(params: Json, account: string | undefined): FakeAnswer {
    const source = financialAccounts.get(params.financial_account as string);
    if (!source || source.account !== account) return missing('financial_account');
    const data = (params.destination_payment_method_data ?? {}) as Json & {
      us_bank_account?: { account_number?: string; routing_number?: string };
    };
    const toAccount = data.type === 'financial_account' ? financialAccounts.get(data.financial_account as string) : undefined;
    if (data.type === 'financial_account' && !toAccount) return missing('financial_account');
    const bank = data.us_bank_account;
    if (!toAccount && (!bank?.account_number || !bank.routing_number)) return invalid('destination_payment_method_data[us_bank_account]');
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) return invalid('amount', 'amount_too_small');
    if (amount > source.cash)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'insufficient_funds',
        message: 'Insufficient funds in the FinancialAccount',
      });
    source.cash -= amount;
    const payment = {
      id: id('obp'),
      object: 'treasury.outbound_payment',
      account,
      amount,
      currency: params.currency,
      created: now(),
      description: params.description ?? null,
      financial_account: source.id,
      destination_payment_method_details: toAccount
        ? { type: 'financial_account', financial_account: { id: toAccount.id, network: 'stripe' } }
        : {
            type: 'us_bank_account',
            us_bank_account: { last4: bank!.account_number!.slice(-4), routing_number: bank!.routing_number, network: 'ach' },
          },
      metadata: params.metadata ?? {},
      status: 'processing',
      returned_details: null,
      destination_number: bank?.account_number ?? null,
    };
    payments.set(payment.id, payment);
    if (toAccount) {
      // The stripe network moves money between the platform's financial accounts at once.
      payment.status = 'posted';
      emit('treasury.outbound_payment.posted', publicView(payment), account);
      receiveCredit(toAccount, amount, 'stripe', String(params.description ?? 'Transfer'), payment.id);
      return { status: 200, body: publicView(payment) };
    }
    source.outbound_pending += amount;
    return { status: 200, body: publicView(payment) };
  }

  const publicView = ({ destination_number: _number, ...payment }: Json) => view(payment);

  /** The test helpers' post, fail and return (POST /v1/test_helpers/treasury/outbound_payments/:id/:action). */
  function move(payment: (Json & { destination_number: string | null }) | undefined, action: string, code?: string): FakeAnswer {
    if (!payment) return missing('outbound_payment');
    const source = financialAccounts.get(payment.financial_account as string)!;
    const amount = payment.amount as number;
    const from = payment.status;
    if ((action === 'post' || action === 'fail') && from !== 'processing') return wrongState(from as string);
    if (action === 'return' && from !== 'posted') return wrongState(from as string);
    if (action === 'post') {
      source.outbound_pending -= amount;
      payment.status = 'posted';
    } else if (action === 'fail') {
      source.outbound_pending -= amount;
      source.cash += amount;
      payment.status = 'failed';
    } else if (action === 'return') {
      source.cash += amount;
      Object.assign(payment, { status: 'returned', returned_details: { code: code ?? 'declined', transaction: id('trxn') } });
    } else return missing(`test helper ${action}`);
    emit(`treasury.outbound_payment.${payment.status as string}`, publicView(payment), payment.account as string | undefined);
    return { status: 200, body: publicView(payment) };
  }

  const wrongState = (status: string) =>
    stripeError(400, {
      type: 'invalid_request_error',
      code: 'outbound_payment_unexpected_state',
      message: `The OutboundPayment is ${status}`,
    });

  return {
    create,
    receiveCredit,
    /** The ReceivedCredits so far (credit reversals find theirs here). */
    credits,
    /** GET /v1/treasury/outbound_payments?financial_account=: the payments out of that account, newest first. */
    list: (financialAccountId: string, query: URLSearchParams) =>
      listAnswer(
        '/v1/treasury/outbound_payments',
        [...payments.values()].filter((payment) => payment.financial_account === financialAccountId),
        query,
        publicView,
      ),
    move: (paymentId: string, action: string, code?: string) => move(payments.get(paymentId), action, code),
    get: (paymentId: string, account: string | undefined) => {
      const payment = payments.get(paymentId);
      return payment && payment.account === account ? { status: 200, body: publicView(payment) } : missing('outbound_payment');
    },
    /** What Stripe's test mode does with each payment still processing: the test account's outcome. */
    settle() {
      for (const payment of payments.values()) {
        if (payment.status !== 'processing') continue;
        const failure = payment.destination_number ? TEST_BANK_FAILURES[payment.destination_number] : undefined;
        move(payment, failure ? 'fail' : 'post');
      }
    },
    /** Posted payments to this bank account number (the ones a bank could still return). */
    postedTo: (accountNumber: string) =>
      [...payments.values()]
        .filter((payment) => payment.status === 'posted' && payment.destination_number === accountNumber)
        .map((payment) => payment.id as string),
    state: () => ({
      outbound_payments: [...payments.values()].map((payment) => ({
        id: payment.id,
        account: payment.account ?? null,
        amount: payment.amount,
        status: payment.status,
        metadata: payment.metadata,
      })),
      received_credits: credits.map((credit) => ({
        id: credit.id,
        financial_account: credit.financial_account,
        amount: credit.amount,
        network: credit.network,
      })),
    }),
  };
}
