import { randomBytes } from 'node:crypto';
import { isInvoiceCurrency } from '@crewpay/core';
import type { FakeAnswer } from './http-fake.ts';
import { bankBehaviour, microdepositOutcome, TEST_CARDS, type CardBehaviour } from './stripe-payments-data.ts';
import { fakeId, unixNow, view, type Emit, type Json, type Money, type StripeError } from './stripe-payments-money.ts';
import type { BankAccounts } from './stripe-payments-banks.ts';
import type { Disputes } from './stripe-payments-disputes.ts';

type Intent = Json & { id: string; account: string | undefined; status: string; amount: number; internal: IntentInternal };
type IntentInternal = {
  card?: CardBehaviour;
  bank?: { account_number: string; verified: boolean; attempts: number };
  /** The bank debit's mandate (Stripe shows it on the charge, not on the PaymentIntent). */
  mandate?: string;
};

const invalid = (error: StripeError, param: string, message: string, code = 'parameter_invalid') =>
  error(400, { type: 'invalid_request_error', code, param, message });
const USD_MINIMUM = 50;

/**
 * PaymentIntents as Stripe answers them, on the platform or (Stripe-Account header) a connected
 * account: a card from a test PaymentMethod (declined with its code; requires_action with
 * use_stripe_sdk for a 3-D Secure card until the payer authenticates in Stripe.js), a US bank
 * account from a Financial Connections account (processing, its outcome later) or from numbers
 * typed by hand (requires_action: verify_with_microdeposits), application fees only on direct or
 * destination charges, the online mandate a bank debit needs, cancel, and the outcomes that come
 * later (an ACH debit settling) through `schedule`.
 */
export function createIntents(deps: {
  error: StripeError;
  emit: Emit;
  money: Money;
  banks: BankAccounts;
  disputes: Disputes;
  schedule: (work: () => void) => void;
  /** A connected account's capability status ('active' once Stripe has what it needs). */
  capabilityOf: (account: string, capability: string) => string | undefined;
}) {
  const { error, emit, money, banks } = deps;
  const intents = new Map<string, Intent>();

  const publicView = (intent: Intent) => view(intent);
  const emitIntent = (type: string, intent: Intent) => emit(type, publicView(intent), intent.account);

  function succeed(intent: Intent) {
    const method = intent.internal.card ? 'card' : 'us_bank_account';
    Object.assign(intent, { status: 'succeeded', next_action: null, last_payment_error: null });
    const charge = money.capture(intent, { type: method, refund_fails: intent.internal.card?.refund_fails });
    emitIntent('payment_intent.succeeded', intent);
    emit('charge.succeeded', view(charge), intent.account);
    const dispute = intent.internal.card?.dispute;
    const bank = intent.internal.bank && bankBehaviour(intent.internal.bank.account_number);
    if (dispute) deps.disputes.open(charge, dispute);
    if (bank?.outcome === 'dispute') deps.disputes.open(charge, { reason: bank.reason });
  }

  function fail(intent: Intent, lastError: Json) {
    Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: lastError });
    emitIntent('payment_intent.payment_failed', intent);
  }

  /** A card's outcome once nothing more is needed from the payer: synchronous, as card payments are. */
  function chargeCard(intent: Intent): FakeAnswer {
    const card = intent.internal.card!;
    if (card.decline_code) {
      const lastError = { type: 'card_error', code: 'card_declined', decline_code: card.decline_code, message: 'Your card was declined.' };
      fail(intent, lastError);
      return error(402, { ...lastError, payment_intent: publicView(intent) });
    }
    succeed(intent);
    return { status: 200, body: publicView(intent) };
  }

  /** A verified bank account: processing now, its outcome when the ACH network answers (runLater). */
  function debitBank(intent: Intent): FakeAnswer {
    intent.status = 'processing';
    emitIntent('payment_intent.processing', intent);
    const behaviour = bankBehaviour(intent.internal.bank!.account_number);
    deps.schedule(() => {
      if (intent.status !== 'processing') return;
      if (behaviour.outcome === 'fail') fail(intent, { type: 'invalid_request_error', code: behaviour.code });
      else succeed(intent);
    });
    return { status: 200, body: publicView(intent) };
  }

  function confirm(intent: Intent, params: Json): FakeAnswer {
    if (intent.internal.card) {
      if (intent.internal.card.authenticate) {
        if (params.use_stripe_sdk !== 'true' && !params.return_url)
          return invalid(error, 'return_url', 'This payment may need 3-D Secure: confirm with use_stripe_sdk or a return_url');
        Object.assign(intent, {
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', source: fakeId('src') } },
        });
        emitIntent('payment_intent.requires_action', intent);
        return { status: 200, body: publicView(intent) };
      }
      return chargeCard(intent);
    }
    const mandate = (params.mandate_data as { customer_acceptance?: { type?: string; online?: Json } } | undefined)?.customer_acceptance;
    if (!mandate?.type) return invalid(error, 'mandate_data', 'A bank debit needs mandate_data[customer_acceptance]', 'parameter_missing');
    if (mandate.type === 'online' && (!mandate.online?.ip_address || !mandate.online.user_agent))
      return invalid(error, 'mandate_data[customer_acceptance][online]', 'An online mandate needs the ip_address and user_agent');
    intent.internal.mandate = fakeId('mandate');
    if (!intent.internal.bank!.verified) {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'verify_with_microdeposits',
          verify_with_microdeposits: {
            arrival_date: unixNow() + 2 * 86_400,
            hosted_verification_url: `https://payments.stripe.com/microdeposit/pacs_test_${randomBytes(16).toString('hex')}`,
            microdeposit_type: 'descriptor_code',
          },
        },
      });
      emitIntent('payment_intent.requires_action', intent);
      return { status: 200, body: publicView(intent) };
    }
    return debitBank(intent);
  }

  /** The payment method of the request: a card test PaymentMethod, or bank data (an FC account of this account, or numbers). */
  function methodOf(params: Json, account: string | undefined): IntentInternal | FakeAnswer {
    if (typeof params.payment_method === 'string') {
      const card = TEST_CARDS[params.payment_method];
      if (card) return { card };
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${params.payment_method}'`,
      });
    }
    const data = params.payment_method_data as { type?: string; us_bank_account?: Json; billing_details?: { name?: string } } | undefined;
    // No payment method yet: Stripe makes the PaymentIntent (requires_payment_method); only confirming it needs one.
    if (data === undefined && params.confirm !== 'true') return {};
    if (data?.type !== 'us_bank_account' || !data.us_bank_account)
      return invalid(error, 'payment_method', 'Missing a payment_method or payment_method_data', 'parameter_missing');
    if (!data.billing_details?.name)
      return invalid(
        error,
        'payment_method_data[billing_details][name]',
        'A bank debit needs the account holder name',
        'parameter_missing',
      );
    const bank = data.us_bank_account;
    if (typeof bank.financial_connections_account === 'string') {
      const linked = banks.accountFor(bank.financial_connections_account, account, params.customer as string | undefined);
      if ('refused' in linked) return linked.refused;
      return { bank: { account_number: linked.found.account_number, verified: !linked.found.manual_entry, attempts: 0 } };
    }
    if (typeof bank.account_number !== 'string' || typeof bank.routing_number !== 'string')
      return invalid(error, 'payment_method_data[us_bank_account]', 'Missing the account and routing numbers', 'parameter_missing');
    return { bank: { account_number: bank.account_number, verified: false, attempts: 0 } };
  }

  function create(params: Json, account: string | undefined): FakeAnswer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < USD_MINIMUM)
      return invalid(error, 'amount', 'Amount must be at least $0.50 usd', 'amount_too_small');
    const fee = params.application_fee_amount === undefined ? undefined : Number(params.application_fee_amount);
    if (fee !== undefined && !account && !(params.transfer_data as Json | undefined)?.destination)
      return invalid(
        error,
        'application_fee_amount',
        'An application fee needs a direct charge (Stripe-Account) or transfer_data[destination]',
      );
    if (fee !== undefined && (!Number.isInteger(fee) || fee < 0 || fee > amount))
      return invalid(error, 'application_fee_amount', 'The application fee cannot exceed the amount');
    const internal = methodOf(params, account);
    if ('status' in internal) return internal;
    // The fake presents the currencies Crewpay invoices in (core's list, all Stripe presentment currencies); ACH is USD only.
    const currency = String(params.currency ?? '');
    if (!isInvoiceCurrency(currency)) return invalid(error, 'currency', `Invalid currency: ${currency}`);
    if (internal.bank && currency !== 'usd')
      return invalid(
        error,
        'currency',
        'The currency provided (' + currency + ') is invalid for us_bank_account payments: only usd is supported',
      );
    // A direct charge needs the account's capability for the method (card_payments, us_bank_account_ach_payments) active.
    const capability = internal.card ? 'card_payments' : 'us_bank_account_ach_payments';
    const chosen = Boolean(internal.card ?? internal.bank);
    if (chosen && account && deps.capabilityOf(account, capability) !== 'active')
      return invalid(error, 'payment_method_types', `The account's ${capability} capability is not active`);
    const intent: Intent = {
      id: fakeId('pi'),
      object: 'payment_intent',
      account,
      amount,
      currency: params.currency ?? 'usd',
      created: unixNow(),
      customer: params.customer ?? null,
      application_fee_amount: fee ?? null,
      metadata: params.metadata ?? {},
      payment_method_types: internal.card
        ? ['card']
        : internal.bank
          ? ['us_bank_account']
          : ((params.allowed_payment_method_types as string[] | undefined) ?? ['card']),
      client_secret: '',
      last_payment_error: null,
      latest_charge: chosen ? fakeId(internal.card ? 'ch' : 'py') : null,
      next_action: null,
      status: chosen ? 'requires_confirmation' : 'requires_payment_method',
      internal,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    intents.set(intent.id, intent);
    emitIntent('payment_intent.created', intent);
    if (params.confirm !== 'true') return { status: 200, body: publicView(intent) };
    return confirm(intent, params);
  }

  const onAccount = (id: string | undefined, account: string | undefined) => {
    const intent = id ? intents.get(id) : undefined;
    return intent && intent.account === account ? intent : null;
  };
  const missing = () => error(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' });
  const unexpected = (intent: Intent) =>
    error(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent's status is ${intent.status}`,
      payment_intent: publicView(intent),
    });

  function verifyMicrodeposits(intent: Intent, params: Json): FakeAnswer {
    const bank = intent.internal.bank;
    if (!bank || intent.status !== 'requires_action') return unexpected(intent);
    const outcome = microdepositOutcome(params);
    if (outcome === 'verified') {
      bank.verified = true;
      intent.next_action = null;
      return debitBank(intent);
    }
    bank.attempts += 1;
    if (outcome === 'exceeded' || bank.attempts >= 10) {
      fail(intent, { type: 'invalid_request_error', code: 'payment_method_microdeposit_verification_attempts_exceeded' });
      return error(400, { type: 'invalid_request_error', code: 'payment_method_microdeposit_verification_attempts_exceeded' });
    }
    return error(400, {
      type: 'invalid_request_error',
      code: 'payment_method_microdeposit_verification_descriptor_code_mismatch',
      message: 'The descriptor code provided does not match.',
    });
  }

  function post(path: string, params: Json, account: string | undefined): FakeAnswer | null {
    const [, , collection, id, action] = path.split('/');
    if (collection !== 'payment_intents') return null;
    if (!id) return create(params, account);
    const intent = onAccount(id, account);
    if (!intent) return missing();
    if (action === 'verify_microdeposits') return verifyMicrodeposits(intent, params);
    if (action === 'cancel') {
      // Stripe's documented refusal: a PaymentIntent that succeeded, is processing (an ACH debit) or was canceled stays as it is.
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
        return error(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          payment_intent: publicView(intent),
        });
      Object.assign(intent, { status: 'canceled', next_action: null, cancellation_reason: params.cancellation_reason ?? null });
      emitIntent('payment_intent.canceled', intent);
      return { status: 200, body: publicView(intent) };
    }
    return null;
  }

  function list(account: string | undefined, query: URLSearchParams): FakeAnswer {
    const gte = Number(query.get('created[gte]') ?? 0);
    const limit = Math.min(Number(query.get('limit') ?? 10), 100);
    let found = [...intents.values()].filter((intent) => intent.account === account && (intent.created as number) >= gte).reverse();
    const after = query.get('starting_after');
    if (after) found = found.slice(found.findIndex((intent) => intent.id === after) + 1);
    return {
      status: 200,
      body: { object: 'list', url: '/v1/payment_intents', has_more: found.length > limit, data: found.slice(0, limit).map(publicView) },
    };
  }

  function get(path: string, account: string | undefined, query: URLSearchParams = new URLSearchParams()): FakeAnswer | null {
    const [, , collection, id] = path.split('/');
    if (collection === 'payment_intents' && !id) return list(account, query);
    if (collection !== 'payment_intents' || !id) return null;
    const intent = onAccount(id, account);
    return intent ? { status: 200, body: publicView(intent) } : missing();
  }

  return {
    post,
    get,
    intents,
    /**
     * What Stripe.js's 3-D Secure step and the payer do (handleNextAction): complete, then the
     * card's own outcome; or fail (closed, refused), and the payment fails with
     * payment_intent_authentication_failure, ready for another payment method.
     */
    authenticate(intentId: string, outcome: 'complete' | 'fail') {
      const intent = intents.get(intentId);
      if (!intent?.internal.card || intent.status !== 'requires_action') throw new Error(`No 3-D Secure step waits on ${intentId}`);
      if (outcome === 'complete') return void chargeCard(intent);
      fail(intent, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      });
    },
  };
}
