import { and, eq, gt, lt } from 'drizzle-orm';
import { CONNECT_CODE_SECONDS, type AccountingConnectCode } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { accountingConnectCodes, users, type User } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

/** Connecting changes the organisation's books: owners and admins of a real organisation. */
export const CONNECT_ROLES = ['owner', 'admin'] as const;
const mayConnect = (user: User) => !user.is_external && (CONNECT_ROLES as readonly string[]).includes(user.role);

/**
 * A code for the consent popup: the browser asks for it with its session header, then opens
 * /api/qb/connect?code=. Codes left unused are swept here, when the next one is made.
 */
export async function issueConnectCode(db: Db, user: User, now = new Date()): Promise<AccountingConnectCode> {
  const code = newSecretToken();
  const expiresAt = new Date(now.getTime() + CONNECT_CODE_SECONDS * 1000);
  await db.delete(accountingConnectCodes).where(lt(accountingConnectCodes.expires_at, now));
  await db.insert(accountingConnectCodes).values({
    id: newId(),
    code_hash: hashToken(code),
    org_id: user.org_id,
    user_id: user.id,
    expires_at: expiresAt,
  });
  return { code, expires_at: expiresAt.toISOString() };
}

/**
 * The owner or admin a code was made for, once: the row is deleted as it is read, so a code
 * seen in a history or a log opens nothing. Null when unknown, used, expired, or when its user
 * may no longer connect (role changed, moved organisation).
 */
export async function redeemConnectCode(db: Db, code: string, now = new Date()): Promise<User | null> {
  const [row] = await db
    .delete(accountingConnectCodes)
    .where(and(eq(accountingConnectCodes.code_hash, hashToken(code)), gt(accountingConnectCodes.expires_at, now)))
    .returning();
  if (!row) return null;
  const [user] = await db.select().from(users).where(eq(users.id, row.user_id));
  return user && user.org_id === row.org_id && mayConnect(user) ? user : null;
}
