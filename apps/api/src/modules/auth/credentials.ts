import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type User } from '../../db/schema/index.ts';
import { endUserLinks, PASSWORD_LINK_TYPES, type LinkType } from '../links/index.ts';

/** Links that act on an account's credentials (set its password, move its email): a new password ends them all. */
export const CREDENTIAL_LINK_TYPES: readonly LinkType[] = [...PASSWORD_LINK_TYPES, 'email_change'];

/** Locks the user's row: two requests that each end the user's links and write a new one take turns. */
export async function lockUser(tx: DbOrTx, userId: string): Promise<User | undefined> {
  return (await tx.select().from(users).where(eq(users.id, userId)).for('update'))[0];
}

/**
 * The one way a password changes (your own change, a reset link, an invitation): the new hash,
 * and every outstanding reset, invitation and email-change link ends, so a link sent before the
 * change (perhaps to someone who should no longer have it) cannot undo it.
 */
export async function setUserPassword(tx: DbOrTx, options: { user_id: string; password_hash: string }): Promise<User | undefined> {
  const [user] = await tx.update(users).set({ password_hash: options.password_hash }).where(eq(users.id, options.user_id)).returning();
  if (user) await endUserLinks(tx, { user_id: user.id, types: CREDENTIAL_LINK_TYPES });
  return user;
}
