import { and, eq, inArray, sql } from 'drizzle-orm';
import { isNotificationEventKind, staffRoles, type NotificationEventKind, type NotificationPreferences } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';

export async function getNotificationPreferences(
  db: DbOrTx,
  options: { org_id: string; user_id: string },
): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ email_events: notificationPreferences.email_events })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.user_id, options.user_id), eq(notificationPreferences.org_id, options.org_id)));
  return { email_events: (row?.email_events ?? []).filter(isNotificationEventKind) };
}

/** Replaces the member's choice (one row per user, written whole: the last save wins). */
export async function setNotificationPreferences(
  db: DbOrTx,
  options: { org_id: string; user_id: string; email_events: NotificationEventKind[] },
): Promise<NotificationPreferences> {
  const email_events = [...new Set(options.email_events)];
  await db
    .insert(notificationPreferences)
    .values({ user_id: options.user_id, org_id: options.org_id, email_events })
    .onConflictDoUpdate({ target: notificationPreferences.user_id, set: { email_events, org_id: options.org_id } });
  return { email_events };
}

/** The organisation's members (staff, not creators or customers of its portal) who want this kind by email. */
export async function membersWantingEmail(db: DbOrTx, options: { org_id: string; kind: NotificationEventKind }) {
  return db
    .select({ email: users.email })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.user_id))
    .where(
      and(
        eq(notificationPreferences.org_id, options.org_id),
        eq(users.org_id, options.org_id),
        inArray(users.role, [...staffRoles]),
        sql`${options.kind} = ANY(${notificationPreferences.email_events})`,
      ),
    );
}
