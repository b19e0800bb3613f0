import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PaypalStatusAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { orgs, paypalLinks, type PaypalLink } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { paypalAccountsProvider } from '../../providers/paypal-accounts/index.ts';
import { finishLink, PAYPAL_UNAVAILABLE } from './link.ts';

const STATE_TTL_MS = 60 * 60 * 1000;
/** How often the status poll (every 500 ms) asks PayPal about a connection PayPal has not confirmed yet. */
const ASK_AGAIN_MS = 2_000;
/** PayPal's partner_config_override.return_url is at most 127 characters. */
const RETURN_URL_MAX = 127;
export const INVALID_CONSENT = 'This PayPal connection request has expired, please start again';

/** The state of a connection request: the organisation and the time, sealed (AES-GCM authenticates it). */
function sealConsentState(deps: AppDeps, orgId: string): string {
  return Buffer.from(deps.secrets.encrypt(`${orgId}|${Date.now()}`)).toString('base64url');
}

function openConsentState(deps: AppDeps, state: string): string {
  try {
    const [orgId, issuedAt] = deps.secrets.decrypt(Buffer.from(state, 'base64url').toString('utf8')).split('|');
    if (!orgId || Date.now() - Number(issuedAt) > STATE_TTL_MS) throw new Error('expired');
    return orgId;
  } catch {
    throw new AppError('bad_request', INVALID_CONSENT);
  }
}

async function latestLink(deps: AppDeps, orgId: string): Promise<PaypalLink | undefined> {
  const [link] = await deps.db
    .select()
    .from(paypalLinks)
    .where(eq(paypalLinks.org_id, orgId))
    .orderBy(desc(paypalLinks.created_at))
    .limit(1);
  return link;
}

/** A connection whose code came back from PayPal, waiting for PayPal to confirm the account. */
const isWaiting = (link: PaypalLink | undefined): link is PaypalLink => link?.status === 'connecting' && link.code_hash === null;

/**
 * GET /v1/paypal/oauth: linked (with the account's email), connecting (the code came back and
 * PayPal has not confirmed the account yet: asked again every few seconds of the 500 ms poll), or
 * unlinked; `url` starts a connection (GET /v1/paypal/onboard, which sends the browser to PayPal).
 */
export async function findPaypalStatus(deps: AppDeps, orgId: string): Promise<PaypalStatusAnswer> {
  let link = await latestLink(deps, orgId);
  if (isWaiting(link) && Date.now() - link.created_at.getTime() > STATE_TTL_MS) {
    await deps.db.update(paypalLinks).set({ status: 'deactivated' }).where(eq(paypalLinks.id, link.id));
    link = undefined;
  } else if (isWaiting(link) && Date.now() - link.updated_at.getTime() >= ASK_AGAIN_MS) {
    // A refusal or an outage is said to whoever brought the code (POST); the poll keeps waiting or ends quietly.
    await finishLink(deps, link).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
    link = await latestLink(deps, orgId);
  }
  if (link?.status === 'linked') return { status: 'linked', email: link.email, url: null };
  const url = `${deps.config.publicUrl}/v1/paypal/onboard?state=${sealConsentState(deps, orgId)}`;
  return { status: isWaiting(link) ? 'connecting' : 'unlinked', email: null, url };
}

/**
 * GET /v1/paypal/onboard?state=: a new connection of the organisation's own PayPal business
 * account. PayPal's partner onboarding is asked for a page where its owner logs in and grants
 * Crewpay the payouts permission; PayPal then sends the browser back to /wallets?tab=paypal with
 * our one-time code, which completes the connection. Answers the page to send the browser to.
 */
export async function startPaypalOnboarding(deps: AppDeps, state: string): Promise<string> {
  const orgId = openConsentState(deps, state);
  const linkId = newId();
  const code = newSecretToken();
  const returnUrl = `${deps.config.publicUrl}/wallets?tab=paypal&code=${code}`;
  if (returnUrl.length > RETURN_URL_MAX)
    throw new AppError('bad_request', 'PayPal cannot send you back to an address this long (PUBLIC_URL)');
  const inserted = await deps.db
    .insert(paypalLinks)
    .values({ id: linkId, org_id: orgId, status: 'connecting', state_token_hash: hashToken(state), code_hash: hashToken(code) })
    .onConflictDoNothing()
    .returning({ id: paypalLinks.id });
  // A state is used once: a second visit of the same link starts nothing.
  if (inserted.length === 0) throw new AppError('bad_request', INVALID_CONSENT);
  try {
    return (await paypalAccountsProvider(deps).startOnboarding({ tracking_id: linkId, return_url: returnUrl })).action_url;
  } catch (error) {
    if (error instanceof ProviderCallError) throw new AppError('provider_unavailable', PAYPAL_UNAVAILABLE);
    throw error;
  }
}

/**
 * POST /v1/paypal/oauth {code}: PayPal sent the browser back with our code. The code is used
 * once; the connection completes as soon as PayPal confirms the account (finishLink), else the
 * answer is 'connecting' and the status poll finishes it.
 */
export async function completePaypalLink(deps: AppDeps, options: { org_id: string; code: string }): Promise<PaypalStatusAnswer> {
  const [link] = await deps.db
    .update(paypalLinks)
    .set({ code_hash: null })
    .where(
      and(eq(paypalLinks.org_id, options.org_id), eq(paypalLinks.code_hash, hashToken(options.code)), eq(paypalLinks.status, 'connecting')),
    )
    .returning();
  if (!link) throw new AppError('bad_request', INVALID_CONSENT);
  await finishLink(deps, link);
  return findPaypalStatus(deps, options.org_id);
}

/** DELETE /v1/paypal/oauth: Crewpay stops sending from the account; payees are offered the bank only. */
export async function deactivatePaypal(deps: AppDeps, orgId: string): Promise<PaypalStatusAnswer> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(paypalLinks)
      .set({ status: 'deactivated', code_hash: null })
      .where(and(eq(paypalLinks.org_id, orgId), inArray(paypalLinks.status, ['linked', 'connecting'])));
    await tx.update(orgs).set({ paypal_enabled: false }).where(eq(orgs.id, orgId));
  });
  return findPaypalStatus(deps, orgId);
}

/** The organisation's linked PayPal account (its wallet), if any. */
export async function findLinkedPaypal(deps: Pick<AppDeps, 'db'>, orgId: string): Promise<PaypalLink | null> {
  const [link] = await deps.db
    .select()
    .from(paypalLinks)
    .where(and(eq(paypalLinks.org_id, orgId), eq(paypalLinks.status, 'linked')))
    .orderBy(desc(paypalLinks.created_at))
    .limit(1);
  return link ?? null;
}
