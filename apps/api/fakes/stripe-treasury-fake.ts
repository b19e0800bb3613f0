import { randomBytes } from 'node:crypto';
import { parseForm, type FakeAnswer, type FakeRequest } from './http-fake.ts';

type Json = Record<string, unknown>;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const digits = (length: number) => Array.from(randomBytes(length), (byte) => String(byte % 10)).join('');

/** Stripe's test descriptor code: in test mode every micro-deposit statement reads SM11AA. */
export const STRIPE_TEST_DESCRIPTOR_CODE = 'SM11AA';
const TREASURY_ROUTING_NUMBER = '101019644';
const MAX_VERIFICATION_ATTEMPTS = 10;

/** Stripe's test bank accounts (routing 110000000): an ACH movement fails, or posts and is returned. */
const TEST_BANK_ACCOUNTS: Record<string, { outcome: 'fail' | 'return'; code: string }> = {
  '000111111116': { outcome: 'fail', code: 'no_account' },
  '000111111113': { outcome: 'return', code: 'account_closed' },
  '000222222227': { outcome: 'fail', code: 'insufficient_funds' },
  '000333333335': { outcome: 'fail', code: 'debit_not_authorized' },
  '000444444440': { outcome: 'fail', code: 'invalid_currency' },
};

export type StripeError = (status: number, error: Json) => FakeAnswer;
export type Emit = (type: string, object: Json, account: string) => void;

const missing = (error: StripeError, what: string) =>
  error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` });
const invalid = (error: StripeError, param: string, code = 'parameter_missing') =>
  error(400, { type: 'invalid_request_error', code, param, message: `Invalid ${param}` });

/**
 * Stripe Treasury as Crewpay uses it, inside the Stripe fake: connected accounts
 * (POST /v1/accounts), FinancialAccounts on them (Stripe-Account header; the ABA number only when
 * expanded; optionally pending until features_status_updated), SetupIntents attached to the account
 * itself with micro-deposit verification (descriptor code SM11AA, ten attempts),
 * InboundTransfers from a verified PaymentMethod, OutboundPayments (refused beyond the cash
 * balance), and the test helper that makes a ReceivedCredit. Outcomes follow Stripe's test bank
 * accounts and are queued as Connect events (event.account set).
 */
export function createTreasuryFake(error: StripeError, emit: Emit) {
  const accounts = new Map<string, Json>();
  const financialAccounts = new Map<string, Json & { cash: number; account_number: string; pending: boolean }>();
  const setupIntents = new Map<string, Json & { attempts: number }>();
  const paymentMethods = new Map<string, { account: string; account_number: string; routing_number: string; verified: boolean }>();
  const inboundTransfers = new Map<string, Json>();
  const outboundPayments = new Map<string, Json>();
  const options = { pendingAddresses: false };

  function financialAccountView(account: Json & { account_number: string; pending: boolean }, expand: string[]): Json {
    const {
      cash,
      account_number: number,
      pending,
      account: _account,
      ...view
    } = account as Json & {
      cash: number;
      account_number: string;
      pending: boolean;
    };
    const aba = {
      account_holder_name: 'Crewpay organisation',
      account_number_last4: number.slice(-4),
      bank_name: 'Goldman Sachs Bank USA',
      routing_number: TREASURY_ROUTING_NUMBER,
      ...(expand.includes('financial_addresses.aba.account_number') ? { account_number: number } : {}),
    };
    return {
      ...view,
      balance: { cash: { usd: cash }, inbound_pending: { usd: 0 }, outbound_pending: { usd: 0 } },
      active_features: pending ? [] : ['financial_addresses.aba', 'inbound_transfers.ach', 'outbound_payments.ach'],
      pending_features: pending ? ['financial_addresses.aba', 'inbound_transfers.ach', 'outbound_payments.ach'] : [],
      financial_addresses: pending ? [] : [{ type: 'aba', supported_networks: ['ach', 'us_domestic_wire'], aba }],
    };
  }

  /** The object of this connected account, or null (Stripe answers 404 for another account's object). */
  function onAccount<T extends Json>(map: Map<string, T>, objectId: string | undefined, account: string): T | null {
    const object = objectId ? map.get(objectId) : undefined;
    return object && object.account === account ? object : null;
  }

  function createSetupIntent(params: Json, account: string): FakeAnswer {
    const data = params.payment_method_data as { us_bank_account?: { account_number?: string; routing_number?: string } } | undefined;
    const bank = data?.us_bank_account;
    if (!bank?.account_number || !bank.routing_number) return invalid(error, 'payment_method_data[us_bank_account]');
    if (params.attach_to_self !== 'true') return invalid(error, 'attach_to_self');
    const method = id('pm');
    paymentMethods.set(method, { account, account_number: bank.account_number, routing_number: bank.routing_number, verified: false });
    const intent = {
      id: id('seti'),
      object: 'setup_intent',
      account,
      attempts: 0,
      created: now(),
      status: 'requires_action',
      attach_to_self: true,
      flow_directions: params.flow_directions,
      metadata: params.metadata ?? {},
      payment_method: method,
      last_setup_error: null,
      next_action: {
        type: 'verify_with_microdeposits',
        verify_with_microdeposits: {
          arrival_date: now() + 2 * 86_400,
          hosted_verification_url: `https://payments.stripe.com/microdeposit/sacs_test_${randomBytes(16).toString('hex')}`,
          microdeposit_type: 'descriptor_code',
        },
      },
    };
    setupIntents.set(intent.id, intent);
    return { status: 200, body: setupIntentView(intent, (params.expand as string[] | undefined) ?? []) };
  }

  function setupIntentView(intent: Json, expand: string[]): Json {
    const { account: _account, attempts: _attempts, ...view } = intent;
    const method = paymentMethods.get(intent.payment_method as string)!;
    if (!expand.includes('payment_method')) return view;
    return {
      ...view,
      payment_method: {
        id: intent.payment_method,
        object: 'payment_method',
        type: 'us_bank_account',
        us_bank_account: {
          bank_name: 'STRIPE TEST BANK',
          last4: method.account_number.slice(-4),
          routing_number: method.routing_number,
          account_holder_type: 'company',
        },
      },
    };
  }

  /** What Stripe's hosted verification page posts: the descriptor code of the micro-deposit's statement. */
  function verifyMicrodeposits(intent: (Json & { attempts: number }) | null, params: Json): FakeAnswer {
    if (!intent) return missing(error, 'setup_intent');
    if (intent.status !== 'requires_action')
      return error(400, { type: 'invalid_request_error', code: 'setup_intent_unexpected_state', message: 'Not awaiting verification' });
    if (params.descriptor_code === STRIPE_TEST_DESCRIPTOR_CODE) {
      Object.assign(intent, { status: 'succeeded', next_action: null });
      paymentMethods.get(intent.payment_method as string)!.verified = true;
      emit('setup_intent.succeeded', setupIntentView(intent, []), intent.account as string);
      return { status: 200, body: setupIntentView(intent, []) };
    }
    intent.attempts += 1;
    if (intent.attempts >= MAX_VERIFICATION_ATTEMPTS) {
      const lastError = { type: 'invalid_request_error', code: 'payment_method_microdeposit_verification_attempts_exceeded' };
      Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_setup_error: lastError });
      emit('setup_intent.setup_failed', setupIntentView(intent, []), intent.account as string);
      return error(400, lastError);
    }
    return error(400, {
      type: 'invalid_request_error',
      code: 'payment_method_microdeposit_verification_descriptor_code_mismatch',
      message: 'The descriptor code provided does not match.',
    });
  }

  function createInboundTransfer(params: Json, account: string): FakeAnswer {
    const financialAccount = onAccount(financialAccounts, params.financial_account as string, account);
    if (!financialAccount) return missing(error, 'financial_account');
    const method = paymentMethods.get(params.origin_payment_method as string);
    if (!method || method.account !== account) return missing(error, 'payment_method');
    if (!method.verified)
      return error(400, { type: 'invalid_request_error', code: 'payment_method_unverified', param: 'origin_payment_method' });
    const transfer: Json = {
      id: id('ibt'),
      object: 'treasury.inbound_transfer',
      account,
      amount: Number(params.amount),
      currency: params.currency,
      created: now(),
      description: params.description ?? null,
      financial_account: financialAccount.id,
      origin_payment_method: params.origin_payment_method,
      metadata: params.metadata ?? {},
      status: 'processing',
      returned: false,
      failure_details: null,
      linked_flows: { received_debit: null },
    };
    inboundTransfers.set(transfer.id as string, transfer);
    const answer = view(transfer);
    const outcome = TEST_BANK_ACCOUNTS[method.account_number];
    if (outcome?.outcome === 'fail') {
      Object.assign(transfer, { status: 'failed', failure_details: { code: outcome.code } });
      emit('treasury.inbound_transfer.failed', view(transfer), account);
      return { status: 200, body: answer };
    }
    Object.assign(transfer, { status: 'succeeded' });
    financialAccount.cash += transfer.amount as number;
    emit('treasury.inbound_transfer.succeeded', view(transfer), account);
    if (outcome?.outcome === 'return') {
      const debit = id('rd');
      Object.assign(transfer, { returned: true, failure_details: { code: outcome.code }, linked_flows: { received_debit: debit } });
      financialAccount.cash -= transfer.amount as number;
      emit(
        'treasury.received_debit.created',
        {
          id: debit,
          object: 'treasury.received_debit',
          amount: transfer.amount,
          currency: 'usd',
          financial_account: financialAccount.id,
          network: 'ach',
          status: 'succeeded',
          failure_code: null,
          linked_flows: {
            inbound_transfer: transfer.id,
            debit_reversal: null,
            issuing_authorization: null,
            issuing_transaction: null,
            payout: null,
          },
        },
        account,
      );
    }
    return { status: 200, body: answer };
  }

  function createOutboundPayment(params: Json, account: string): FakeAnswer {
    const financialAccount = onAccount(financialAccounts, params.financial_account as string, account);
    if (!financialAccount) return missing(error, 'financial_account');
    const bank = (params.destination_payment_method_data as { us_bank_account?: { account_number?: string; routing_number?: string } })
      ?.us_bank_account;
    if (!bank?.account_number || !bank.routing_number) return invalid(error, 'destination_payment_method_data[us_bank_account]');
    const amount = Number(params.amount);
    if (amount > financialAccount.cash)
      return error(400, {
        type: 'invalid_request_error',
        code: 'insufficient_funds',
        message: 'Insufficient funds in the FinancialAccount',
      });
    financialAccount.cash -= amount;
    const payment: Json = {
      id: id('obp'),
      object: 'treasury.outbound_payment',
      account,
      amount,
      currency: params.currency,
      created: now(),
      description: params.description ?? null,
      financial_account: financialAccount.id,
      destination_payment_method_details: {
        type: 'us_bank_account',
        us_bank_account: { last4: bank.account_number.slice(-4), routing_number: bank.routing_number, network: 'ach' },
      },
      metadata: params.metadata ?? {},
      status: 'processing',
      returned_details: null,
    };
    outboundPayments.set(payment.id as string, payment);
    const answer = view(payment);
    const outcome = TEST_BANK_ACCOUNTS[bank.account_number];
    if (outcome?.outcome === 'fail') {
      Object.assign(payment, { status: 'failed' });
      financialAccount.cash += amount;
      emit('treasury.outbound_payment.failed', view(payment), account);
      return { status: 200, body: answer };
    }
    Object.assign(payment, { status: 'posted' });
    emit('treasury.outbound_payment.posted', view(payment), account);
    if (outcome?.outcome === 'return') {
      Object.assign(payment, { status: 'returned', returned_details: { code: outcome.code, transaction: id('trxn') } });
      financialAccount.cash += amount;
      emit('treasury.outbound_payment.returned', view(payment), account);
    }
    return { status: 200, body: answer };
  }

  /** POST /v1/test_helpers/treasury/received_credits: money arriving at the account's numbers. */
  function createReceivedCredit(params: Json, account: string): FakeAnswer {
    const financialAccount = onAccount(financialAccounts, params.financial_account as string, account);
    if (!financialAccount) return missing(error, 'financial_account');
    const credit = {
      id: id('rc'),
      object: 'treasury.received_credit',
      amount: Number(params.amount),
      currency: params.currency,
      created: now(),
      description: params.description ?? 'Received credit',
      financial_account: financialAccount.id,
      network: params.network,
      status: 'succeeded',
      failure_code: null,
      linked_flows: {
        credit_reversal: null,
        issuing_authorization: null,
        issuing_transaction: null,
        source_flow: null,
        source_flow_type: null,
      },
    };
    financialAccount.cash += credit.amount;
    // Stripe reports a credit when it is created and when it succeeds (here at once): two events, one credit.
    emit('treasury.received_credit.created', credit, account);
    emit('treasury.received_credit.succeeded', credit, account);
    return { status: 200, body: credit };
  }

  const view = ({ account: _account, ...object }: Json) => structuredClone(object);

  function post(request: FakeRequest, account: string | undefined): FakeAnswer | null {
    const params = parseForm(request.body);
    const [, , collection, objectId, action] = request.path.split('/');
    if (request.path === '/v1/accounts') {
      const created = {
        id: id('acct'),
        object: 'account',
        type: 'custom',
        country: params.country,
        metadata: params.metadata ?? {},
        capabilities: { treasury: 'pending', us_bank_account_ach_payments: 'pending', transfers: 'pending' },
        controller: params.controller,
        requirements: {
          currently_due: ['business_type', 'external_account', 'tos_acceptance.date'],
          disabled_reason: 'requirements.past_due',
        },
      };
      accounts.set(created.id, created);
      return { status: 200, body: created };
    }
    if (collection === 'setup_intents' && !account) return null;
    if (!account && (collection === 'treasury' || request.path.startsWith('/v1/test_helpers/treasury/')))
      return error(400, { type: 'invalid_request_error', message: 'Treasury requests need the Stripe-Account header' });
    if (account && !accounts.has(account)) return error(403, { type: 'invalid_request_error', code: 'account_invalid' });
    if (request.path === '/v1/treasury/financial_accounts') {
      const created = {
        id: id('fa'),
        object: 'treasury.financial_account',
        account: account!,
        country: 'US',
        created: now(),
        livemode: false,
        metadata: params.metadata ?? {},
        status: 'open',
        supported_currencies: params.supported_currencies,
        cash: 0,
        account_number: digits(10),
        pending: options.pendingAddresses,
      };
      financialAccounts.set(created.id, created);
      return { status: 200, body: financialAccountView(created, (params.expand as string[] | undefined) ?? []) };
    }
    if (collection === 'setup_intents' && !objectId) return createSetupIntent(params, account!);
    if (collection === 'setup_intents' && action === 'verify_microdeposits')
      return verifyMicrodeposits(onAccount(setupIntents, objectId, account!), params);
    if (request.path === '/v1/treasury/inbound_transfers') return createInboundTransfer(params, account!);
    if (request.path === '/v1/treasury/outbound_payments') return createOutboundPayment(params, account!);
    if (request.path === '/v1/test_helpers/treasury/received_credits') return createReceivedCredit(params, account!);
    return null;
  }

  function get(request: FakeRequest, account: string | undefined): FakeAnswer | null {
    const [, , collection, kind, objectId] = request.path.split('/');
    if (collection !== 'treasury' || !account) return null;
    const expand = (parseForm(request.query.toString()).expand as string[] | undefined) ?? [];
    if (kind === 'financial_accounts') {
      const financialAccount = onAccount(financialAccounts, objectId, account);
      return financialAccount ? { status: 200, body: financialAccountView(financialAccount, expand) } : missing(error, 'financial_account');
    }
    if (kind === 'inbound_transfers') {
      const transfer = onAccount(inboundTransfers, objectId, account);
      return transfer ? { status: 200, body: view(transfer) } : missing(error, 'inbound_transfer');
    }
    return null;
  }

  return {
    post,
    get,
    options,
    /** Stripe activates the account's features (its ABA address appears): features_status_updated. */
    activateFeatures(financialAccountId: string) {
      const financialAccount = financialAccounts.get(financialAccountId)!;
      financialAccount.pending = false;
      emit(
        'treasury.financial_account.features_status_updated',
        financialAccountView(financialAccount, []),
        financialAccount.account as string,
      );
    },
    /** The cash balance Stripe holds in a financial account. */
    cashOf: (financialAccountId: string) => financialAccounts.get(financialAccountId)?.cash ?? null,
    /** For the payments fake (stripe-payments-fake.ts): a connected account as created. */
    accountOf: (accountId: string) => accounts.get(accountId),
    /**
     * For the payments fake: a payout from the account's payments balance to one of its own
     * financial accounts (its external account): the cash arrives as a ReceivedCredit linked to
     * the payout. False when the numbers are no financial account of this account.
     */
    depositPayout(account: string, bank: { account_number: string }, amount: number, payout: string): boolean {
      const target = [...financialAccounts.values()].find((fa) => fa.account === account && fa.account_number === bank.account_number);
      if (!target) return false;
      target.cash += amount;
      const credit = {
        id: id('rc'),
        object: 'treasury.received_credit',
        amount,
        currency: 'usd',
        created: now(),
        description: 'STRIPE PAYOUT',
        financial_account: target.id,
        network: 'stripe',
        status: 'succeeded',
        failure_code: null,
        linked_flows: {
          credit_reversal: null,
          issuing_authorization: null,
          issuing_transaction: null,
          source_flow: payout,
          source_flow_type: 'payout',
        },
      };
      emit('treasury.received_credit.created', credit, account);
      emit('treasury.received_credit.succeeded', credit, account);
      return true;
    },
  };
}
