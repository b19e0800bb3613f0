import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

export type NotificationRecord = { id: string; text: string; link: string | null; dismissed: boolean; created_at: string };

type Row = typeof notifications.$inferSelect;
const toRecord = (row: Row): NotificationRecord => ({
  id: row.id,
  text: row.text,
  link: row.link,
  dismissed: row.dismissed,
  created_at: row.created_at.toISOString(),
});

/** Notifications for the whole organisation (user_id null) or addressed to this user. */
const visibleTo = (options: { org_id: string; user_id: string }) =>
  and(eq(notifications.org_id, options.org_id), or(isNull(notifications.user_id), eq(notifications.user_id, options.user_id)));

export async function listNotifications(db: DbOrTx, options: { org_id: string; user_id: string }): Promise<NotificationRecord[]> {
  const rows = await db.select().from(notifications).where(visibleTo(options)).orderBy(desc(notifications.created_at)).limit(100);
  return rows.map(toRecord);
}

export async function dismissNotification(
  db: DbOrTx,
  options: { org_id: string; user_id: string; id: string },
): Promise<NotificationRecord> {
  const [row] = await db
    .update(notifications)
    .set({ dismissed: true })
    .where(and(eq(notifications.id, options.id), visibleTo(options)))
    .returning();
  if (!row) throw new AppError('not_found', 'Notification not found');
  return toRecord(row);
}

export async function notify(
  db: DbOrTx,
  options: { org_id: string; user_id?: string | null; text: string; link?: string | null },
): Promise<void> {
  await db
    .insert(notifications)
    .values({ id: newId(), org_id: options.org_id, user_id: options.user_id ?? null, text: options.text, link: options.link ?? null });
}
