import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { isNotificationEventKind, staffRoles } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import type { DomainEvent } from '../../events/dispatcher.ts';
import { notificationReads, notifications } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queueEmails } from '../email/index.ts';
import { notificationFor } from './event-texts.ts';
import { withPayeeName } from './payee-names.ts';
import { membersWantingEmail } from './preferences.ts';

type NotificationRecord = { id: string; text: string; link: string | null; dismissed: boolean; created_at: string };

type Viewer = { org_id: string; user_id: string; is_staff: boolean };

/** Staff of the organisation: a member, not an external account or a portal creator or customer. */
export const isStaffViewer = (user: { role: string; is_external: boolean }) =>
  !user.is_external && (staffRoles as readonly string[]).includes(user.role);

/**
 * Notifications addressed to this user, and, for the organisation's staff, those for the whole
 * organisation (user_id null): a creator or customer signed in to the portal never sees the
 * organisation's payments, bank or billing news.
 */
const visibleTo = (options: Viewer) => {
  const addressed = eq(notifications.user_id, options.user_id);
  return and(eq(notifications.org_id, options.org_id), options.is_staff ? or(isNull(notifications.user_id), addressed) : addressed);
};

/**
 * Dismissed for this viewer: a notification addressed to them by its own flag; one for the whole
 * organisation by the viewer's read row (the flag stays for rows dismissed before reads were
 * kept per member).
 */
const dismissedFor = (userId: string) =>
  sql<boolean>`(${notifications.dismissed} OR EXISTS (SELECT 1 FROM ${notificationReads} WHERE ${notificationReads.notification_id} = ${notifications.id} AND ${notificationReads.user_id} = ${userId}))`;

const recordColumns = (userId: string) => ({
  id: notifications.id,
  text: notifications.text,
  link: notifications.link,
  dismissed: dismissedFor(userId),
  created_at: notifications.created_at,
  user_id: notifications.user_id,
});

type Row = { id: string; text: string; link: string | null; dismissed: boolean; created_at: Date };
const toRecord = (row: Row): NotificationRecord => ({
  id: row.id,
  text: row.text,
  link: row.link,
  dismissed: row.dismissed,
  created_at: row.created_at.toISOString(),
});

export async function listNotifications(db: DbOrTx, options: Viewer): Promise<NotificationRecord[]> {
  const rows = await db
    .select(recordColumns(options.user_id))
    .from(notifications)
    .where(visibleTo(options))
    .orderBy(desc(notifications.created_at))
    .limit(100);
  return rows.map(toRecord);
}

/** PUT /v1/notifications/{id}: dismissed for the caller only when the whole organisation sees it. */
export async function dismissNotification(db: DbOrTx, options: Viewer & { id: string }): Promise<NotificationRecord> {
  const [row] = await db
    .select(recordColumns(options.user_id))
    .from(notifications)
    .where(and(eq(notifications.id, options.id), visibleTo(options)));
  if (!row) throw new AppError('not_found', 'Notification not found');
  if (row.user_id === null) {
    await db.insert(notificationReads).values({ notification_id: row.id, user_id: options.user_id }).onConflictDoNothing();
  } else {
    await db.update(notifications).set({ dismissed: true }).where(eq(notifications.id, row.id));
  }
  return toRecord({ ...row, dismissed: true });
}

/**
 * POST /v1/notifications/read_all: every notification the viewer sees, read at once, for the
 * viewer alone; answers how many were unread.
 */
export async function dismissAllNotifications(db: DbOrTx, options: Viewer): Promise<number> {
  const addressed = await db
    .update(notifications)
    .set({ dismissed: true })
    .where(and(eq(notifications.org_id, options.org_id), eq(notifications.user_id, options.user_id), eq(notifications.dismissed, false)))
    .returning({ id: notifications.id });
  if (!options.is_staff) return addressed.length;
  const orgWide = await db.execute<{ notification_id: string }>(sql`
    INSERT INTO ${notificationReads} (notification_id, user_id)
    SELECT ${notifications.id}, ${options.user_id}::uuid FROM ${notifications}
    WHERE ${notifications.org_id} = ${options.org_id} AND ${notifications.user_id} IS NULL AND NOT ${notifications.dismissed}
    ON CONFLICT DO NOTHING
    RETURNING notification_id`);
  return addressed.length + orgWide.rows.length;
}

export async function notify(
  db: DbOrTx,
  options: { org_id: string; user_id?: string | null; text: string; link?: string | null },
): Promise<void> {
  await db
    .insert(notifications)
    .values({ id: newId(), org_id: options.org_id, user_id: options.user_id ?? null, text: options.text, link: options.link ?? null });
}

/**
 * A domain event (the ones webhooks deliver) becomes a notification for the organisation's
 * members, and an email to each member who chose that kind (Settings > Notifications). Runs in
 * the event's transaction; the queued emails are sent by the email job once it commits. The
 * emails carry the notification's text and link, nothing more.
 */
export function notifyOnDomainEvent(options: { publicUrl: string }) {
  return async (tx: DbOrTx, event: DomainEvent): Promise<void> => {
    const told = notificationFor(await withPayeeName(tx, event));
    if (!told) return;
    await notify(tx, { org_id: event.org_id, text: told.text, link: told.link });
    if (!isNotificationEventKind(event.type)) return;
    const recipients = await membersWantingEmail(tx, { org_id: event.org_id, kind: event.type });
    await queueEmails(
      tx,
      recipients.map((member) => ({
        org_id: event.org_id,
        to: member.email,
        subject: told.text,
        paragraphs: [told.text, 'You receive this email because you chose it in Settings > Notifications.'],
        links: [
          { label: 'Open', url: `${options.publicUrl}${told.link}` },
          { label: 'Email preferences', url: `${options.publicUrl}/settings?tab=notifications` },
        ],
      })),
    );
  };
}
