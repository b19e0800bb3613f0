import { randomBytes } from 'node:crypto';
import type { FakeAnswer } from './http-fake.ts';
import { id, invalid, missing, now, stripeError, type Emit, type Json } from './stripe-core-fake.ts';

/** Stripe's test descriptor code: in test mode every micro-deposit statement reads SM11AA. */
export const STRIPE_TEST_DESCRIPTOR_CODE = 'SM11AA';
const MAX_VERIFICATION_ATTEMPTS = 10;

type FakePaymentMethod = { account: string; account_number: string; routing_number: string; verified: boolean };

/**
 * SetupIntents attached to the connected account itself (attach_to_self), verified by
 * micro-deposits: the descriptor code SM11AA, ten attempts, then the intent fails.
 */
export function createSetupIntentsFake(emit: Emit) {
  const setupIntents = new Map<string, Json & { attempts: number }>();
  const paymentMethods = new Map<string, FakePaymentMethod>();

  function create(params: Json, account: string): FakeAnswer {
    const data = params.payment_method_data as { us_bank_account?: { account_number?: string; routing_number?: string } } | undefined;
    const bank = data?.us_bank_account;
    if (!bank?.account_number || !bank.routing_number) return invalid('payment_method_data[us_bank_account]');
    if (params.attach_to_self !== 'true') return invalid('attach_to_self');
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
    return { status: 200, body: view(intent, (params.expand as string[] | undefined) ?? []) };
  }

  function view(intent: Json, expand: string[]): Json {
    const { account: _account, attempts: _attempts, ...rest } = intent;
    const method = paymentMethods.get(intent.payment_method as string)!;
    if (!expand.includes('payment_method')) return structuredClone(rest);
    return {
      ...structuredClone(rest),
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
  function verify(intentId: string | undefined, account: string, params: Json): FakeAnswer {
    const intent = intentId ? setupIntents.get(intentId) : undefined;
    if (!intent || intent.account !== account) return missing('setup_intent');
    if (intent.status !== 'requires_action')
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: 'Not awaiting verification',
      });
    if (params.descriptor_code === STRIPE_TEST_DESCRIPTOR_CODE) {
      Object.assign(intent, { status: 'succeeded', next_action: null });
      paymentMethods.get(intent.payment_method as string)!.verified = true;
      emit('setup_intent.succeeded', view(intent, []), account);
      return { status: 200, body: view(intent, []) };
    }
    intent.attempts += 1;
    if (intent.attempts >= MAX_VERIFICATION_ATTEMPTS) {
      const lastError = { type: 'invalid_request_error', code: 'payment_method_microdeposit_verification_attempts_exceeded' };
      Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_setup_error: lastError });
      emit('setup_intent.setup_failed', view(intent, []), account);
      return stripeError(400, lastError);
    }
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_method_microdeposit_verification_descriptor_code_mismatch',
      message: 'The descriptor code provided does not match.',
    });
  }

  return { create, verify, paymentMethods };
}
