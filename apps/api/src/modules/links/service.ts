import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insertMany } from '../../db/insert-many.ts';
import { expiringLinks, type ExpiringLink } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newSecretToken, newSecretTokens } from '../../lib/tokens.ts';

export type LinkType = ExpiringLink['type'];

const LINK_TTL_HOURS: Record<LinkType, number> = {
  password_reset: 1,
  invitation: 24 * 7,
  payee: 24 * 30,
  invoice_payment: 24 * 120,
  // Signing links end with the contract's expiration date, passed as expires_at.
  contract_signing: 24 * 30,
  sign_up: 24,
  email_change: 24,
};

/** Links that set an account's password: at most one is live per account, and a new password ends them all. */
export const PASSWORD_LINK_TYPES = ['password_reset', 'invitation'] as const satisfies LinkType[];

export const INVALID_LINK_MESSAGE = 'Sorry! This link is no longer valid.';

/** Creates a link and answers its id: an unguessable token; the database keeps only its hash. */
export async function createExpiringLink(
  tx: DbOrTx,
  options: {
    type: LinkType;
    org_id?: string | null;
    user_id?: string | null;
    payload?: Record<string, unknown>;
    now?: Date;
    expires_at?: Date;
  },
): Promise<string> {
  const linkId = newSecretToken();
  const now = options.now ?? new Date();
  await tx.insert(expiringLinks).values({
    id: newId(),
    token_hash: hashToken(linkId),
    type: options.type,
    org_id: options.org_id ?? null,
    user_id: options.user_id ?? null,
    payload: options.payload ?? {},
    expires_at: options.expires_at ?? new Date(now.getTime() + LINK_TTL_HOURS[options.type] * 3_600_000),
  });
  return linkId;
}

/** Many links' rows and ids, in order, for one insert (a bulk import invites thousands). */
export function newExpiringLinks(
  items: { type: LinkType; org_id?: string | null; user_id?: string | null; payload?: Record<string, unknown> }[],
): {
  linkIds: string[];
  rows: (typeof expiringLinks.$inferInsert)[];
} {
  const now = Date.now();
  const linkIds = newSecretTokens(items.length);
  const rows = items.map((item, index) => ({
    id: newId(),
    token_hash: hashToken(linkIds[index]!),
    type: item.type,
    org_id: item.org_id ?? null,
    user_id: item.user_id ?? null,
    payload: item.payload ?? {},
    expires_at: new Date(now + LINK_TTL_HOURS[item.type] * 3_600_000),
  }));
  return { linkIds, rows };
}

/** Many links in one insert; answers their ids in order. */
export async function createExpiringLinks(
  tx: DbOrTx,
  items: { type: LinkType; org_id?: string | null; user_id?: string | null; payload?: Record<string, unknown> }[],
): Promise<string[]> {
  const { linkIds, rows } = newExpiringLinks(items);
  await insertMany(tx, expiringLinks, rows);
  return linkIds;
}

/** A link that exists, is not used and has not expired; anything else reads as no longer valid. */
export async function findUsableLink(tx: DbOrTx, linkId: string, options: { forUpdate?: boolean } = {}): Promise<ExpiringLink> {
  const query = tx
    .select()
    .from(expiringLinks)
    .where(and(eq(expiringLinks.token_hash, hashToken(linkId)), isNull(expiringLinks.used_at), gt(expiringLinks.expires_at, new Date())))
    .limit(1);
  const [link] = options.forUpdate ? await query.for('update') : await query;
  if (!link) throw new AppError('gone', INVALID_LINK_MESSAGE);
  return link;
}

export async function markLinkUsed(tx: DbOrTx, link: ExpiringLink): Promise<void> {
  await tx.update(expiringLinks).set({ used_at: new Date() }).where(eq(expiringLinks.id, link.id));
}

/**
 * Ends every live link of these types that acts on the user's account (marked used: a link is
 * either usable or not, whatever ended it). Called when a newer link replaces them and whenever
 * the password or the email changes.
 */
export async function endUserLinks(tx: DbOrTx, options: { user_id: string; types: readonly LinkType[] }): Promise<void> {
  await tx
    .update(expiringLinks)
    .set({ used_at: new Date() })
    .where(and(eq(expiringLinks.user_id, options.user_id), inArray(expiringLinks.type, [...options.types]), isNull(expiringLinks.used_at)));
}
