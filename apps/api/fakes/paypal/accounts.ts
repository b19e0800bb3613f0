import type { FakeAnswer, FakeRequest } from '../http-fake.ts';
import { PAYPAL_FAKE_PARTNER, TOKEN_SCOPES, type Caller } from './auth.ts';
import { paypalError, paypalId, valueOf } from './money.ts';
import { onboardingPage } from './onboarding-page.ts';

/** One PayPal account the fake holds: the partner's own, or a merchant's (an organisation's business account). */
export type PaypalAccount = {
  merchant_id: string;
  email: string;
  /** Integer cents, USD. */
  balance: number;
  email_confirmed: boolean;
  /** What the merchant granted the partner (Partner Referrals third_party_details.features); null: never onboarded. */
  features: string[] | null;
  tracking_id: string | null;
};

type Referral = { id: string; tracking_id: string; return_url: string; features: string[] };
type Json = Record<string, unknown>;

/** A merchant that signs up through the fake's onboarding page starts with this much, unless the test funds it otherwise. */
export const OPENING_BALANCE = 500_000;
/** Test value: an account whose primary email is not confirmed yet. */
const UNCONFIRMED_EMAIL = 'unconfirmed@paypal.sandbox';
/** The partner's own balance: what Crewpay's own PayPal account holds (it must never pay an organisation's payouts). */
export const PARTNER_BALANCE = 100_000_000;

/**
 * PayPal accounts, Partner Referrals (v2: a referral with the permissions asked for, its action_url
 * to PayPal's onboarding page), Merchant Integrations (v1: the merchant a tracking id became, what
 * it granted) and the reporting balances of an account.
 */
export function createAccounts(options: { baseUrl: () => string }) {
  const accounts = new Map<string, PaypalAccount>();
  const referrals = new Map<string, Referral>();
  accounts.set(PAYPAL_FAKE_PARTNER.merchantId, {
    merchant_id: PAYPAL_FAKE_PARTNER.merchantId,
    email: 'platform@crewpay.example',
    balance: PARTNER_BALANCE,
    email_confirmed: true,
    features: null,
    tracking_id: null,
  });
  const byEmail = (email: string) => [...accounts.values()].find((account) => account.email === email.toLowerCase());

  function createReferral(body: Json): FakeAnswer {
    const operation = (body.operations as Json[] | undefined)?.find((entry) => entry.operation === 'API_INTEGRATION');
    const rest = (operation?.api_integration_preference as Json | undefined)?.rest_api_integration as Json | undefined;
    const features = ((rest?.third_party_details as Json | undefined)?.features as string[] | undefined) ?? [];
    const returnUrl = (body.partner_config_override as Json | undefined)?.return_url;
    if (rest?.integration_type !== 'THIRD_PARTY' || features.length === 0 || typeof body.tracking_id !== 'string')
      return paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', {
        details: [{ issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }],
      });
    const id = `${paypalId(8)}-${paypalId(8)}`;
    referrals.set(id, { id, tracking_id: body.tracking_id, return_url: String(returnUrl ?? ''), features });
    const base = options.baseUrl();
    return {
      status: 201,
      body: {
        links: [
          { href: `${base}/v2/customer/partner-referrals/${id}`, rel: 'self', method: 'GET' },
          { href: `${base}/bizsignup/partner/entry?referralToken=${id}`, rel: 'action_url', method: 'GET' },
        ],
      },
    };
  }

  /** What PayPal's onboarding does when the merchant logs in and agrees: the account grants the referral's features. */
  function consent(referralToken: string, email: string): { location: string } | { error: string } {
    const referral = referrals.get(referralToken);
    if (!referral) return { error: 'This link has expired. Go back to the site you came from and try again.' };
    const account = byEmail(email) ?? {
      merchant_id: paypalId(13),
      email: email.toLowerCase(),
      balance: OPENING_BALANCE,
      email_confirmed: email.toLowerCase() !== UNCONFIRMED_EMAIL,
      features: null,
      tracking_id: null,
    };
    account.features = referral.features;
    account.tracking_id = referral.tracking_id;
    accounts.set(account.merchant_id, account);
    referrals.delete(referralToken);
    const back = new URL(referral.return_url);
    const granted = {
      merchantId: referral.tracking_id,
      merchantIdInPayPal: account.merchant_id,
      permissionsGranted: 'true',
      consentStatus: 'true',
      productIntentId: 'addipmt',
      isEmailConfirmed: String(account.email_confirmed),
      accountStatus: 'BUSINESS_ACCOUNT',
    };
    for (const [name, value] of Object.entries(granted)) back.searchParams.set(name, value);
    return { location: back.toString() };
  }

  /** GET and POST /bizsignup/partner/entry: PayPal's own pages, where the merchant logs in and grants the permissions. */
  function onboarding(request: FakeRequest): FakeAnswer {
    const form = new URLSearchParams(request.method === 'POST' ? request.body : request.query.toString());
    const token = form.get('referralToken') ?? '';
    if (request.method === 'GET')
      return html(200, onboardingPage({ referralToken: token, features: referrals.get(token)?.features ?? [] }));
    const email = (form.get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      return html(400, onboardingPage({ referralToken: token, features: [], error: 'Enter the email of your PayPal business account' }));
    const outcome = consent(token, email);
    if ('error' in outcome) return html(400, onboardingPage({ referralToken: '', features: [], error: outcome.error }));
    return { status: 302, headers: { location: outcome.location }, raw: '' };
  }

  function merchantIntegrations(request: FakeRequest, partnerId: string, merchantId?: string): FakeAnswer {
    if (partnerId !== PAYPAL_FAKE_PARTNER.merchantId)
      return paypalError(403, 'NOT_AUTHORIZED', 'Authorization failed due to insufficient permissions.');
    if (merchantId === undefined) {
      const found = [...accounts.values()].find((account) => account.tracking_id === request.query.get('tracking_id') && account.features);
      if (!found) return paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
      // The official description documents this answer as 201 Created.
      return {
        status: 201,
        body: {
          merchant_id: found.merchant_id,
          tracking_id: found.tracking_id,
          links: [
            {
              href: `${options.baseUrl()}/v1/customer/partners/${partnerId}/merchant-integrations/${found.merchant_id}`,
              rel: 'read',
              method: 'GET',
            },
          ],
        },
      };
    }
    const account = accounts.get(merchantId);
    if (!account?.features) return paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
    return { status: 200, body: integrationOf(account) };
  }

  function balances(caller: Caller): FakeAnswer {
    const account = accounts.get(caller.acting)!;
    const money = (cents: number) => ({ currency_code: 'USD', value: valueOf(cents) });
    const now = new Date().toISOString();
    return {
      status: 200,
      body: {
        balances: [
          {
            currency: 'USD',
            primary: true,
            total_balance: money(account.balance),
            available_balance: money(account.balance),
            withheld_balance: money(0),
          },
        ],
        account_id: account.merchant_id,
        as_of_time: now,
        last_refresh_time: now,
      },
    };
  }

  return {
    accounts,
    consent,
    onboarding,
    createReferral,
    merchantIntegrations,
    balances,
    /** Whether a merchant granted the partner this third-party feature. */
    granted: (merchantId: string, feature: string) => accounts.get(merchantId)?.features?.includes(feature) ?? false,
    byEmail,
  };
}

function integrationOf(account: PaypalAccount) {
  const scopes = TOKEN_SCOPES.filter(
    (scope) =>
      (scope.includes('payouts') && account.features!.includes('PAYOUTS')) ||
      (scope.includes('reporting') && account.features!.includes('ADVANCED_TRANSACTIONS_SEARCH')),
  );
  return {
    merchant_id: account.merchant_id,
    tracking_id: account.tracking_id,
    legal_name: 'Merchant business',
    primary_email: account.email,
    primary_email_confirmed: account.email_confirmed,
    payments_receivable: true,
    oauth_integrations: [
      {
        integration_type: 'OAUTH_THIRD_PARTY',
        integration_method: 'PAYPAL',
        status: 'A',
        oauth_third_party: [{ partner_client_id: PAYPAL_FAKE_PARTNER.clientId, merchant_client_id: `MC-${account.merchant_id}`, scopes }],
      },
    ],
  };
}

const html = (status: number, page: string): FakeAnswer => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, raw: page });
