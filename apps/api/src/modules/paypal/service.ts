import { and, desc, eq } from 'drizzle-orm';
import type { PaypalStatusAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { orgs, paypalLinks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

const STATE_TTL_MS = 60 * 60 * 1000;
export const INVALID_CONSENT = 'This PayPal connection request has expired, please start again';

/** The state of a consent request: the organisation and the time, sealed (AES-GCM authenticates it). */
export function sealConsentState(deps: AppDeps, orgId: string): string {
  return Buffer.from(deps.secrets.encrypt(`${orgId}|${Date.now()}`)).toString('base64url');
}

export function openConsentState(deps: AppDeps, state: string): string {
  try {
    const [orgId, issuedAt] = deps.secrets.decrypt(Buffer.from(state, 'base64url').toString('utf8')).split('|');
    if (!orgId || Date.now() - Number(issuedAt) > STATE_TTL_MS) throw new Error('expired');
    return orgId;
  } catch {
    throw new AppError('bad_request', INVALID_CONSENT);
  }
}

export async function findPaypalStatus(deps: AppDeps, orgId: string): Promise<PaypalStatusAnswer> {
  const [link] = await deps.db
    .select()
    .from(paypalLinks)
    .where(eq(paypalLinks.org_id, orgId))
    .orderBy(desc(paypalLinks.created_at))
    .limit(1);
  if (link?.status === 'linked') return { status: 'linked', email: link.email, url: null };
  const url = `${deps.config.publicUrl}/sandbox/paypal/consent?state=${sealConsentState(deps, orgId)}`;
  return { status: link?.status === 'connecting' ? 'connecting' : 'unlinked', email: null, url };
}

/** The sandbox PayPal's consent: records the grant and answers the code the browser brings back. */
export async function grantConsent(deps: AppDeps, options: { state: string; email: string }): Promise<string> {
  const orgId = openConsentState(deps, options.state);
  const code = newSecretToken();
  const inserted = await deps.db
    .insert(paypalLinks)
    .values({
      id: newId(),
      org_id: orgId,
      status: 'connecting',
      state_token_hash: hashToken(options.state),
      code_hash: hashToken(code),
      email: options.email,
    })
    .onConflictDoNothing()
    .returning({ id: paypalLinks.id });
  if (inserted.length === 0) throw new AppError('bad_request', INVALID_CONSENT);
  return code;
}

/** POST /v1/paypal/oauth {code}: completes the link; the organisation's payees may then choose PayPal. */
export async function completePaypalLink(deps: AppDeps, options: { org_id: string; code: string }): Promise<PaypalStatusAnswer> {
  await deps.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(paypalLinks)
      .where(
        and(
          eq(paypalLinks.org_id, options.org_id),
          eq(paypalLinks.code_hash, hashToken(options.code)),
          eq(paypalLinks.status, 'connecting'),
        ),
      )
      .for('update');
    if (!link) throw new AppError('bad_request', INVALID_CONSENT);
    await tx
      .update(paypalLinks)
      .set({ status: 'deactivated' })
      .where(and(eq(paypalLinks.org_id, options.org_id), eq(paypalLinks.status, 'linked')));
    await tx.update(paypalLinks).set({ status: 'linked', linked_at: new Date(), code_hash: null }).where(eq(paypalLinks.id, link.id));
    await tx.update(orgs).set({ paypal_enabled: true }).where(eq(orgs.id, options.org_id));
  });
  return findPaypalStatus(deps, options.org_id);
}

export async function deactivatePaypal(deps: AppDeps, orgId: string): Promise<PaypalStatusAnswer> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(paypalLinks)
      .set({ status: 'deactivated' })
      .where(and(eq(paypalLinks.org_id, orgId), eq(paypalLinks.status, 'linked')));
    await tx.update(orgs).set({ paypal_enabled: false }).where(eq(orgs.id, orgId));
  });
  return findPaypalStatus(deps, orgId);
}
