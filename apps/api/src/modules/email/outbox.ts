import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { stripBidiControls } from '@crewpay/core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insertMany } from '../../db/insert-many.ts';
import { emails, type Email, type EmailAttachment } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

export type OutgoingEmail = {
  org_id?: string | null;
  to: string;
  subject: string;
  /** Paragraphs of plain text; links are listed separately so every client can show them. */
  paragraphs: string[];
  links?: { label: string; url: string }[];
  /** Files sent with the message, such as a recipient's own tax form. */
  attachments?: EmailAttachment[];
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * Names in a message (a person's, an organisation's, a file's) come from people: bidirectional
 * controls are removed from everything written, so "\u202Eexe.pdf" cannot pose as a PDF even
 * from a name stored before the schemas removed them.
 */
function toEmailRow(original: OutgoingEmail) {
  const message = {
    ...original,
    subject: stripBidiControls(original.subject),
    paragraphs: original.paragraphs.map(stripBidiControls),
  };
  const links = (original.links ?? []).map((link) => ({ ...link, label: stripBidiControls(link.label) }));
  const text = [...message.paragraphs, ...links.map((link) => `${link.label}: ${link.url}`)].join('\n\n');
  const html = [
    ...message.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
  ].join('\n');
  return {
    id: newId(),
    org_id: message.org_id ?? null,
    to: message.to,
    subject: message.subject,
    text,
    html,
    links: links.map((link) => link.url),
    attachments: message.attachments ?? [],
  };
}

/** Writes the email in the caller's transaction: it is sent if, and only if, the change commits. */
export async function queueEmail(tx: DbOrTx, message: OutgoingEmail): Promise<string> {
  const row = toEmailRow(message);
  await tx.insert(emails).values(row);
  return row.id;
}

/** The rows queueEmails writes, for a caller that inserts them with rows of other tables. */
export function newEmailRows(messages: OutgoingEmail[]): (typeof emails.$inferInsert & { id: string })[] {
  return messages.map(toEmailRow);
}

/** queueEmail for many messages, in one insert (a bulk import invites thousands). */
export async function queueEmails(tx: DbOrTx, messages: OutgoingEmail[]): Promise<string[]> {
  const rows = newEmailRows(messages);
  await insertMany(tx, emails, rows);
  return rows.map((row) => row.id);
}

export type MailTransport = {
  name: 'outbox' | 'smtp';
  send(email: Pick<Email, 'to' | 'subject' | 'text' | 'html' | 'attachments'>): Promise<void>;
};

/**
 * Delivers one queued email. The row lock (SKIP LOCKED) makes two workers never send the
 * same message; a failed send stays queued and the job is retried.
 */
export async function deliverEmail(db: Db, transport: MailTransport, emailId: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [email] = await tx
        .select()
        .from(emails)
        .where(and(eq(emails.id, emailId), eq(emails.status, 'queued')))
        .for('update', { skipLocked: true });
      if (!email) return;
      await transport.send(email);
      await tx
        .update(emails)
        .set({ status: 'sent', transport: transport.name, sent_at: new Date(), error: null })
        .where(eq(emails.id, emailId));
    });
  } catch (error) {
    // Recorded after the rollback, so the reason survives for the outbox pages and the retry.
    await db
      .update(emails)
      .set({ error: (error as Error).message })
      .where(and(eq(emails.id, emailId), eq(emails.status, 'queued')));
    throw error;
  }
}

/**
 * Claims a page of the emails still queued, written before `olderThan` and not swept since
 * `sweptBefore`: marks them swept and answers their ids, oldest first. Rows a delivery holds are
 * skipped (that delivery sends them).
 */
export async function claimStaleQueuedEmails(db: Db, options: { olderThan: Date; sweptBefore: Date; limit: number }): Promise<string[]> {
  const page = db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.status, 'queued'),
        lt(emails.created_at, options.olderThan),
        or(isNull(emails.swept_at), lt(emails.swept_at, options.sweptBefore)),
      ),
    )
    .orderBy(asc(emails.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db.update(emails).set({ swept_at: new Date() }).where(inArray(emails.id, page)).returning({ id: emails.id });
  return rows.map((row) => row.id).sort();
}

export async function listOutbox(db: Db, options: { limit: number; to?: string }): Promise<Email[]> {
  const newest = await db
    .select()
    .from(emails)
    .where(options.to ? eq(emails.to, options.to) : undefined)
    .orderBy(desc(emails.created_at), desc(emails.id))
    .limit(options.limit);
  return newest.reverse();
}

/** One email of the outbox (the sandbox tools open its attachments). */
export async function findOutboxEmail(db: Db, id: string): Promise<Email | undefined> {
  const [email] = await db.select().from(emails).where(eq(emails.id, id)).limit(1);
  return email;
}
