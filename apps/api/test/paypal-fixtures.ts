import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { operatorHeaders } from './context.ts';
import type { PaypalFake } from '../fakes/paypal-fake.ts';

type Headers = Record<string, string>;
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** Connect PayPal: the status's url, which sends the browser on to PayPal's onboarding page (answers that page's address). */
export async function startPaypalConnect(app: FastifyInstance, headers: Headers): Promise<string> {
  const status = await app.inject({ method: 'GET', url: '/v1/paypal/oauth', headers });
  expect(status.statusCode, status.body).toBe(200);
  const onboard = await app.inject({ method: 'GET', url: pathOf(status.json<{ url: string }>().url) });
  expect(onboard.statusCode, onboard.body).toBe(303);
  return onboard.headers.location as string;
}

/** PayPal sent the browser back to /wallets?tab=paypal&code=...: the web app posts the code. */
export async function completePaypalConnect(app: FastifyInstance, headers: Headers, returnUrl: string) {
  const back = new URL(returnUrl);
  expect(back.pathname).toBe('/wallets');
  expect(back.searchParams.get('tab')).toBe('paypal');
  return app.inject({ method: 'POST', url: '/v1/paypal/oauth', headers, payload: { code: back.searchParams.get('code') } });
}

/** The sandbox PayPal's consent page agreed to as `email`; answers where it sends the browser back. */
export async function agreeOnSandboxPaypal(app: FastifyInstance, consentUrl: string, email: string): Promise<string> {
  const referral = new URL(consentUrl).searchParams.get('referral')!;
  const consent = await app.inject({
    method: 'POST',
    url: '/sandbox/paypal/consent',
    headers: { ...operatorHeaders, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ referral, email }).toString(),
  });
  expect(consent.statusCode, consent.body).toBe(303);
  return consent.headers.location as string;
}

/** The organisation connects its own PayPal account (the sandbox's, or the fake PayPal's when `fake` is given). */
export async function connectPaypal(app: FastifyInstance, headers: Headers, options: { email?: string; fake?: PaypalFake } = {}) {
  const email = options.email ?? `payouts.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const onboarding = await startPaypalConnect(app, headers);
  const back = options.fake ? options.fake.consent(onboarding, email) : await agreeOnSandboxPaypal(app, onboarding, email);
  const linked = await completePaypalConnect(app, headers, back);
  expect(linked.statusCode, linked.body).toBe(200);
  expect(linked.json()).toMatchObject({ status: 'linked', email });
  return { email, merchantId: options.fake ? new URL(back).searchParams.get('merchantIdInPayPal')! : null };
}
