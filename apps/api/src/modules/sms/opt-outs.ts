import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsOptOuts } from '../../db/schema/index.ts';

/** Whether the number replied STOP (and not START since): nothing is sent to it. */
export async function isOptedOut(db: DbOrTx, phone: string): Promise<boolean> {
  const [row] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return Boolean(row);
}

/** The number replied STOP, or the provider refused it as unsubscribed. */
export async function recordOptOut(tx: DbOrTx, phone: string, source: string): Promise<void> {
  await tx.insert(smsOptOuts).values({ phone, source }).onConflictDoNothing();
}

/** The number replied START: texts go to it again. */
export async function removeOptOut(tx: DbOrTx, phone: string): Promise<void> {
  await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}
