import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orgs } from './orgs.ts';

export type EmailAttachment = { filename: string; content_type: string; content_base64: string };

/** The outbox: every email is written here in the transaction that caused it, then delivered by a job. */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    org_id: uuid().references(() => orgs.id),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    links: jsonb().$type<string[]>().notNull().default([]),
    // Files sent with the message (a recipient's tax form), base64 content.
    attachments: jsonb().$type<EmailAttachment[]>().notNull().default([]),
    status: text({ enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    transport: text({ enum: ['outbox', 'smtp'] }),
    error: text(),
    created_at: createdAt(),
    sent_at: timestamp({ withTimezone: true }),
    /** When the minute sweep last sent a delivery job for it: it sends another only after SWEEP_RESEND_AFTER. */
    swept_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('emails_org_id_idx').on(table.org_id),
    index('emails_created_at_idx').on(table.created_at),
    // The minute sweep pages through the emails still queued; the sent ones (nearly all) are not in it.
    index('emails_queued_idx')
      .on(table.id)
      .where(sql`${table.status} = 'queued'`),
  ],
);

export type Email = typeof emails.$inferSelect;
