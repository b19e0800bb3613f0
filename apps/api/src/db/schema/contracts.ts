import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SignatureField } from '@crewpay/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { campaigns, customers } from './campaigns.ts';
import { creators } from './creators.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/**
 * A contract sent for signature (type signature_request) or an already-signed file (plain_file).
 * Exactly one of creator_id / customer_id names the recipient (recipient_type says which).
 * Display status: Invalid when canceled, Signed when signature_date is set, otherwise Sent.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    title: text().notNull(),
    type: text({ enum: ['signature_request', 'plain_file'] }).notNull(),
    /** requires_info: sent, waiting for the signature; succeeded: signed; canceled: invalidated. */
    status: text({ enum: ['requires_info', 'succeeded', 'canceled'] }).notNull(),
    recipient_type: text({ enum: ['creator', 'customer'] }).notNull(),
    creator_id: uuid().references(() => creators.id),
    customer_id: uuid().references(() => customers.id),
    payment_group_id: uuid().references(() => campaigns.id),
    template_id: uuid(),
    expiration_date: date({ mode: 'string' }).notNull(),
    signature_date: timestamp({ withTimezone: true }),
    form_fields: jsonb().$type<SignatureField[]>().notNull().default([]),
    /** pending while the e-signature provider prepares the document, ready once it can be signed. */
    preview_state: text({ enum: ['pending', 'ready', 'failed'] }).notNull(),
    signature_request_id: text(),
    /** The e-signature service the request was sent with (crewpay-esign: the built-in one; dropbox-sign); it stays with it. */
    esign_provider: text().notNull().default('crewpay-esign'),
    file_name: text().notNull(),
    original_key: text().notNull(),
    original_sha256: text().notNull(),
    signed_key: text(),
    signed_sha256: text(),
    /** What the audit page states (signer, time, address, agent), kept beside the file. */
    audit: jsonb().$type<Record<string, string>>(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('contracts_org_id_created_at_idx').on(table.org_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('contracts_creator_id_idx').on(table.creator_id),
    index('contracts_customer_id_idx').on(table.customer_id),
    index('contracts_payment_group_id_idx').on(table.payment_group_id),
    uniqueIndex('contracts_signature_request_id_key').on(table.signature_request_id),
  ],
);

/** The organisation's one contract template (spec: only one may exist): a PDF and its signature blocks. */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    title: text().notNull(),
    /** The editor's template id (the spec's hellosign_template_id): ours, or Dropbox Sign's when it was made in its editor. */
    hellosign_template_id: text().notNull(),
    /** Whose editor made it: crewpay-esign (our block editor) or dropbox-sign (its fields stay at Dropbox Sign). */
    esign_provider: text().notNull().default('crewpay-esign'),
    /** draft: uploaded, blocks not yet saved by the editor; ready: usable for contracts. */
    state: text({ enum: ['draft', 'ready'] }).notNull(),
    form_fields: jsonb().$type<SignatureField[]>().notNull().default([]),
    file_name: text().notNull(),
    storage_key: text().notNull(),
    sha256: text().notNull(),
    size: integer().notNull(),
    /** Pages, as the upload's one parse found them (null: uploaded before it was kept). */
    page_count: integer(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('contract_templates_org_id_ready_key')
      .on(table.org_id)
      .where(sql`${table.state} = 'ready'`),
  ],
);

export type Contract = typeof contracts.$inferSelect;
export type ContractTemplate = typeof contractTemplates.$inferSelect;
