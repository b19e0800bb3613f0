import { randomBytes, randomUUID } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from '../http-fake.ts';
import { paypalError } from './money.ts';

/** The partner (Crewpay's platform account) the fake knows: its REST app and its own PayPal account. */
export const PAYPAL_FAKE_PARTNER = {
  clientId: 'crewpay-fake-client',
  clientSecret: 'crewpay-fake-secret',
  webhookId: 'CREWPAYFAKEWEBHOOK7',
  /** The partner's payer id (PAYPAL_PARTNER_MERCHANT_ID): merchant-integrations are read under it. */
  merchantId: 'CREWPAYPTNR2Z',
  /** The BN code PayPal gives an approved partner (PAYPAL_PARTNER_ATTRIBUTION_ID). */
  attributionId: 'Crewpay_SP_FAKE',
} as const;

/** The scopes a client-credentials token of an app with Payouts, Partner Referrals and reporting carries. */
export const TOKEN_SCOPES = [
  'https://uri.paypal.com/services/payments/payouts',
  'https://uri.paypal.com/services/customer/partner-referrals',
  'https://uri.paypal.com/services/reporting/balances/read',
];

/** The caller of one request: who is acting (the partner for itself, or on behalf of a merchant). */
export type Caller = { acting: string; onBehalf: boolean };

/**
 * PayPal's OAuth 2.0 client credentials (POST /v1/oauth2/token, documented at
 * developer.paypal.com/api/rest/authentication: Basic client id:secret, form grant_type) and the
 * PayPal-Auth-Assertion header of third-party calls: an unsigned JWT ({"alg":"none"}) whose
 * payload names the partner's client id (iss) and the merchant (payer_id) who consented.
 */
export function createAuth(options: { consented: (merchantId: string) => boolean }) {
  const tokens = new Set<string>();

  function issueToken(request: FakeRequest): FakeAnswer {
    const expected = `Basic ${Buffer.from(`${PAYPAL_FAKE_PARTNER.clientId}:${PAYPAL_FAKE_PARTNER.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return { status: 415, body: { error: 'unsupported_media_type', error_description: 'Use application/x-www-form-urlencoded' } };
    if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' } };
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return {
      status: 200,
      body: {
        scope: TOKEN_SCOPES.join(' '),
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: 32_400,
        nonce: `${new Date().toISOString()}${randomUUID()}`,
      },
    };
  }

  /** Who calls: the bearer token must be one the fake issued; an auth assertion must name a merchant who consented. */
  function callerOf(request: FakeRequest): Caller | FakeAnswer {
    if (!tokens.has(String(request.headers.authorization).replace(/^Bearer /, '')))
      return paypalError(
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to missing authorization header, or invalid authentication credentials.',
      );
    const assertion = request.headers['paypal-auth-assertion'];
    if (assertion === undefined) return { acting: PAYPAL_FAKE_PARTNER.merchantId, onBehalf: false };
    const claims = readAssertion(String(assertion));
    if (!claims || claims.iss !== PAYPAL_FAKE_PARTNER.clientId || !claims.payer_id || !options.consented(claims.payer_id))
      return paypalError(403, 'NOT_AUTHORIZED', 'Authorization failed due to insufficient permissions.');
    return { acting: claims.payer_id, onBehalf: true };
  }

  return { issueToken, callerOf, revokeTokens: () => tokens.clear() };
}

/** The claims of `<base64url header>.<base64url payload>.` with alg none, or null when it is not one. */
function readAssertion(value: string): { iss?: string; payer_id?: string } | null {
  const [header, payload, signature] = value.split('.');
  if (!header || !payload || signature !== '') return null;
  try {
    const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg;
    if (alg !== 'none') return null;
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string; payer_id?: string };
  } catch {
    return null;
  }
}
