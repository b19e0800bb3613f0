import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { findUsableLink } from './service.ts';

/** An email-change link does not name the account's current address to whoever holds the link. */
export async function describeLink(db: DbOrTx, linkId: string) {
  const link = await findUsableLink(db, linkId);
  const user =
    link.user_id && link.type !== 'email_change'
      ? (await db.select().from(users).where(eq(users.id, link.user_id)).limit(1))[0]
      : undefined;
  return { type: link.type, email: user?.email ?? null, expires_at: link.expires_at.toISOString() };
}
