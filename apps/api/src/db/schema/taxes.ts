import { index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import type { TaxRecipientOutcome } from '@crewpay/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/**
 * One request for year-end tax documents (POST /v1/taxes). A small selection is generated in the
 * request; a large one by the taxes job, which updates `processed` as it goes so the page can show
 * progress. The combined PDF of a download is kept sealed with deps.secrets (it carries the
 * payer's EIN) until it is fetched.
 */
export const taxDocumentRuns = pgTable(
  'tax_document_runs',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    requested_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    year: smallint().notNull(),
    method: text({ enum: ['download', 'email'] }).notNull(),
    recipient_ids: jsonb().$type<string[]>().notNull(),
    status: text({ enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    total: integer().notNull(),
    processed: integer().notNull().default(0),
    generated: jsonb().$type<TaxRecipientOutcome[]>().notNull().default([]),
    skipped: jsonb().$type<TaxRecipientOutcome[]>().notNull().default([]),
    /** Generated forms of an email run whose recipient has not consented to electronic delivery: mailed on paper, never emailed. */
    to_mail: jsonb().$type<TaxRecipientOutcome[]>().notNull().default([]),
    emails_sent: integer().notNull().default(0),
    pdf_sealed: text(),
    error: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('tax_document_runs_org_created_idx').on(table.org_id, table.created_at.desc().nullsFirst())],
);

export type TaxDocumentRun = typeof taxDocumentRuns.$inferSelect;
