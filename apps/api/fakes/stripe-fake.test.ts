import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadStripeDescription } from './stripe-schema/check.ts';
import { STRIPE_FAKE_KEY, startStripeFake, type StripeFake } from './stripe-fake.ts';

const form = (fake: StripeFake, path: string, body: string) =>
  fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${STRIPE_FAKE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  }).then(async (answer) => ({
    status: answer.status,
    body: (await answer.json()) as { error?: Record<string, string>; status?: string },
  }));

describe('the Stripe fake, checked against the schemas generated from the stripe package', () => {
  it('says which stripe package and API version its description comes from, and covers every operation it is asked for', () => {
    const described = loadStripeDescription();
    expect(described.source).toMatchObject({ package: 'stripe', api_version: Stripe.API_VERSION });
    expect(described.operations.map((entry) => entry.operation)).toEqual(
      expect.arrayContaining(['POST /v1/payment_intents', 'POST /v1/treasury/outbound_payments', 'GET /v1/events']),
    );
  });

  it('refuses a parameter Stripe does not know with parameter_unknown, and a missing one with parameter_missing, as Stripe does', async () => {
    const fake = await startStripeFake();
    const unknown = await form(fake, '/v1/payment_intents', 'amount=5000&currency=usd&payment_method_types[0]=card&surprise=1');
    expect(unknown).toEqual({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_unknown',
          param: 'payment_method_types',
          message: 'Received unknown parameter: payment_method_types',
        },
      },
    });
    const nested = await form(fake, '/v1/payment_intents', 'amount=5000&currency=usd&payment_method_options[card][colour]=red');
    expect(nested.body.error).toMatchObject({ code: 'parameter_unknown', param: 'payment_method_options[card][colour]' });
    const missing = await form(fake, '/v1/payment_intents', 'currency=usd');
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'amount' });
    // The refusals are kept as the test's problems (a test that did not mean them fails).
    expect(fake.takeProblems()).toHaveLength(4);
  });

  it('makes a PaymentIntent without a payment method (requires_payment_method), as Stripe does; confirming one needs a method', async () => {
    const fake = await startStripeFake();
    const stripe = new Stripe(STRIPE_FAKE_KEY, { host: '127.0.0.1', port: Number(new URL(fake.url).port), protocol: 'http' });
    const intent = await stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', allowed_payment_method_types: ['card'] });
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method_types: ['card'], latest_charge: null });
    const confirmed = await form(fake, '/v1/payment_intents', 'amount=5000&currency=usd&confirm=true');
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.error).toMatchObject({ code: 'parameter_missing', param: 'payment_method' });
  });
});
