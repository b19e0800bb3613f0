import type { FastifyInstance } from 'fastify';
import { loginAsMessages } from '@crewpay/core';
import { AppError } from '../lib/errors.ts';

/** A creator's payout destination and tax settings, as PUT /v1/creators/{id} names them. */
const CREATOR_PAYOUT_AND_TAX_FIELDS = [
  'account_number',
  'routing_number',
  'selected_payment_method',
  'paypal_email',
  'venmo_phone_number',
  'state_tax_id',
  'is_w2',
  'custom_withholding_rate',
];

type Rule = { method: string; url: string; message: string; when?: (body: unknown) => boolean };

const touches = (fields: readonly string[]) => (body: unknown) =>
  typeof body === 'object' && body !== null && fields.some((field) => field in body);

/**
 * What nobody does while acting as someone else (login-as), whatever the role acted as allows:
 * acts that stand as that person's own word or decide where money goes. Signing (and the signing
 * link of the portal, which would let the signature be made later, after acting ended), using
 * the links emailed to them, executing payments and moving money, and changing payout, bank or
 * tax details, theirs or the organisation's, their sign-in factors (passkeys, authenticator app,
 * recovery codes) and the organisation's two-factor requirement. Those are done by the person,
 * signed in as themselves.
 */
const RULES: readonly Rule[] = [
  { method: 'POST', url: '/v1/creator/contracts/:id/signing_link', message: loginAsMessages.noSigningLinks },
  { method: 'POST', url: '/v1/contract_signing/:linkId', message: loginAsMessages.noSigning },
  { method: 'POST', url: '/v1/expiring_link', message: loginAsMessages.noLinks },
  { method: 'POST', url: '/v1/expiring_link/tax_forms', message: loginAsMessages.noLinks },
  // A tax form is signed under penalties of perjury: by the person only.
  { method: 'POST', url: '/v1/portal/tax_forms/:payee_id', message: loginAsMessages.noSigning },
  // Consent to electronic delivery of tax forms is the payee's own word to the IRS's rules.
  { method: 'POST', url: '/v1/expiring_link/tax_delivery_consent', message: loginAsMessages.noLinks },
  { method: 'POST', url: '/v1/portal/tax_delivery_consent/:payee_id', message: loginAsMessages.noSigning },
  { method: 'PUT', url: '/v1/payments/initiate', message: loginAsMessages.noApproving },
  { method: 'PUT', url: '/v1/payment_releases/:id', message: loginAsMessages.noApproving },
  { method: 'POST', url: '/v1/payment_schedules', message: loginAsMessages.noApproving },
  { method: 'POST', url: '/v1/approvals/:id/approve', message: loginAsMessages.noApproving },
  { method: 'POST', url: '/v1/approvals/:id/reject', message: loginAsMessages.noApproving },
  { method: 'PUT', url: '/v1/approvals/rules', message: loginAsMessages.noApproving },
  // Approving a deliverable can execute the payments that waited for it.
  { method: 'POST', url: '/v1/deliverables/:id/approval', message: loginAsMessages.noApproving },
  { method: 'POST', url: '/v1/treasury/ach', message: loginAsMessages.noApproving },
  { method: 'POST', url: '/v1/treasury/ach_debit', message: loginAsMessages.noApproving },
  { method: 'PUT', url: '/v1/creators/user/:id', message: loginAsMessages.noPayoutDetails },
  { method: 'PUT', url: '/v1/creators/:id', message: loginAsMessages.noPayoutDetails, when: touches(CREATOR_PAYOUT_AND_TAX_FIELDS) },
  // An agent's or manager's email is where their payout link goes.
  { method: 'PUT', url: '/v1/users/:id', message: loginAsMessages.noPayoutDetails, when: touches(['email']) },
  { method: 'POST', url: '/v1/treasury/account', message: loginAsMessages.noPayoutDetails },
  { method: 'POST', url: '/v1/org/bank', message: loginAsMessages.noPayoutDetails },
  { method: 'POST', url: '/v1/paypal/oauth', message: loginAsMessages.noPayoutDetails },
  { method: 'POST', url: '/v1/org/owner', message: loginAsMessages.noPayoutDetails },
  { method: 'POST', url: '/v1/org/business', message: loginAsMessages.noPayoutDetails },
  // Sign-in factors are the person's identity: refused before the fresh-factor check, which would
  // otherwise ask the actor to prove their own factor for an act on someone else's.
  { method: 'POST', url: '/v1/users/two_factor/totp', message: loginAsMessages.noSignInFactors },
  { method: 'POST', url: '/v1/users/two_factor/totp/confirm', message: loginAsMessages.noSignInFactors },
  { method: 'DELETE', url: '/v1/users/two_factor/totp', message: loginAsMessages.noSignInFactors },
  { method: 'POST', url: '/v1/users/two_factor/recovery_codes', message: loginAsMessages.noSignInFactors },
  { method: 'POST', url: '/v1/users/passkeys/registration', message: loginAsMessages.noSignInFactors },
  { method: 'POST', url: '/v1/users/passkeys', message: loginAsMessages.noSignInFactors },
  { method: 'DELETE', url: '/v1/users/passkeys/:id', message: loginAsMessages.noSignInFactors },
  // Whether every member must use two-factor guards everyone's sign-in: an owner's own say.
  { method: 'PUT', url: '/v1/users/two_factor/organization', message: loginAsMessages.noSignInRules },
];

/** The routes the rules name (a test checks each exists, so a renamed route cannot slip out). */
export const actingRuleRoutes = () => RULES.map(({ method, url }) => ({ method, url }));

/** The rule refusing this request while acting, if any. */
export function actingRefusal(method: string, routeUrl: string, body: unknown): string | null {
  const rule = RULES.find((candidate) => candidate.method === method && candidate.url === routeUrl);
  return rule && (!rule.when || rule.when(body)) ? rule.message : null;
}

/**
 * Refuses (403) those acts while acting. A preHandler registered after the acting audit's, so the
 * refused attempt is recorded, and after validation, so the body can be read.
 */
export function registerActingRules(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const routeUrl = request.routeOptions.url;
    if (!request.auth?.actor || !routeUrl) return;
    const refusal = actingRefusal(request.method, routeUrl, request.body);
    if (refusal) throw new AppError('forbidden', refusal);
  });
}
