import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chargeNextActions, chargeStatuses, chargeTypes, invoicePayMethods, invoiceProcessors, invoiceStatuses } from '@crewpay/core';
import { campaigns, customers } from './campaigns.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/** A PDF sent with an invoice email (checked by content at upload). */
export const invoiceAttachments = pgTable(
  'invoice_attachments',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    file_name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    storage_key: text().notNull().unique(),
    uploaded_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (table) => [index('invoice_attachments_org_id_idx').on(table.org_id)],
);

/** Spec entity Invoice: the organisation bills its customer; status requires_info -> succeeded | canceled. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    customer_id: uuid().notNull(),
    payment_group_id: uuid(),
    // The organisation's sequence (invoice_counters) and its label with the prefix of the day it was issued:
    // changing the prefix later renames no invoice already sent.
    seq: integer().notNull(),
    number: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    // What the invoice is billed in (lower case ISO 4217, one of core's INVOICE_CURRENCIES); amount is in its minor units.
    currency: text().notNull().default('usd'),
    net: integer().notNull(),
    status: text({ enum: invoiceStatuses }).notNull().default('requires_info'),
    processor: text({ enum: invoiceProcessors }).notNull(),
    disallowed_methods: jsonb().$type<(typeof invoicePayMethods)[number][]>().notNull().default([]),
    attn: text(),
    cc_emails: jsonb().$type<string[]>().notNull().default([]),
    attachment_id: uuid().references(() => invoiceAttachments.id),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    paid_at: timestamp({ withTimezone: true }),
    canceled_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    foreignKey({
      name: 'invoices_customer_fk',
      columns: [table.customer_id, table.org_id],
      foreignColumns: [customers.id, customers.org_id],
    }),
    foreignKey({
      name: 'invoices_campaign_fk',
      columns: [table.payment_group_id, table.org_id],
      foreignColumns: [campaigns.id, campaigns.org_id],
    }),
    index('invoices_org_id_created_at_idx').on(table.org_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('invoices_customer_id_idx').on(table.customer_id),
    uniqueIndex('invoices_org_seq_key').on(table.org_id, table.seq),
    index('invoices_payment_group_id_idx').on(table.payment_group_id),
  ],
);

/** The last invoice sequence an organisation issued; its row lock orders concurrent invoice creations. */
export const invoiceCounters = pgTable('invoice_counters', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id),
  last_seq: integer().notNull(),
});

/** Which campaign payments an invoice funds; a payment is funded by at most one invoice. */
export const invoiceFundedPayments = pgTable(
  'invoice_funded_payments',
  {
    invoice_id: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    payment_id: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
  },
  (table) => [
    uniqueIndex('invoice_funded_payments_payment_key').on(table.payment_id),
    index('invoice_funded_payments_invoice_idx').on(table.invoice_id),
  ],
);

/**
 * Spec entity Charge: one payment attempt of an invoice. At most one charge of an invoice is
 * pending or succeeded at a time (the partial unique index): paying twice charges once.
 */
export const charges = pgTable(
  'charges',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    invoice_id: uuid()
      .notNull()
      .references(() => invoices.id),
    charge_type: text({ enum: chargeTypes }).notNull(),
    // amount and fee (Crewpay's application fee) are in the invoice's currency's minor units.
    amount: bigint({ mode: 'number' }).notNull(),
    fee: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('usd'),
    // Once a charge in another currency settled: what Stripe settled in USD cents (its balance transaction's
    // amount), Crewpay's fee as converted, and the rate (USD for one unit of the currency), as Stripe reported them.
    settled_usd: bigint({ mode: 'number' }),
    settled_fee_usd: bigint({ mode: 'number' }),
    exchange_rate: text(),
    status: text({ enum: chargeStatuses }).notNull().default('pending'),
    method_label: text().notNull(),
    provider_id: text(),
    // The organisation's connected account the charge was made on (Stripe direct charges); null in the sandbox.
    provider_account: text(),
    // What the payer still has to do while the charge is pending (3-D Secure, a bank's micro-deposits), and
    // its client secret and page, sealed: the pay page reads them through the link, nobody else.
    next_action: text({ enum: chargeNextActions }),
    next_action_sealed: text(),
    failure_reason: text(),
    created_at: createdAt(),
    settled_at: timestamp({ withTimezone: true }),
    failed_at: timestamp({ withTimezone: true }),
    reversed_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('charges_one_live_per_invoice_key')
      .on(table.invoice_id)
      .where(sql`status IN ('pending', 'succeeded')`),
    index('charges_org_id_created_at_idx').on(table.org_id, table.created_at.desc().nullsFirst()),
  ],
);

/** The SMS outbox, built like emails: written in the transaction that caused it, sent by a job. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    org_id: uuid().references(() => orgs.id),
    to: text().notNull(),
    body: text().notNull(),
    // queued until the provider accepted it (sent) or refused it (failed); skipped: the number opted out (error says why).
    status: text({ enum: ['queued', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    transport: text({ enum: ['outbox', 'twilio'] }),
    provider_id: text(),
    error: text(),
    created_at: createdAt(),
    sent_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('sms_messages_created_at_idx').on(table.created_at),
    // Status callbacks find their text by the provider's id, replies (STOP) by the number.
    index('sms_messages_provider_id_idx').on(table.provider_id),
    index('sms_messages_to_idx').on(table.to, table.created_at),
  ],
);

/** The sandbox card processor's side: a token stands for a card, as Stripe keeps it (never in our tables). */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  id: text().primaryKey(),
  brand: text().notNull(),
  last4: text().notNull(),
  number_sealed: text().notNull(),
  created_at: createdAt(),
});

/**
 * The sandbox card processor's PaymentIntents: what a charge waiting for 3-D Secure becomes once the
 * payer answers, and whether its card's refunds fail (Stripe's test card 4000 0000 0000 5126).
 */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text().primaryKey(),
  org_id: uuid().notNull(),
  client_secret: text().notNull().unique(),
  status: text({ enum: ['requires_action', 'succeeded', 'failed', 'canceled'] }).notNull(),
  decline_code: text(),
  refund_fails: boolean().notNull().default(false),
  metadata: jsonb().$type<Record<string, string>>().notNull(),
  created_at: createdAt(),
});

/** The sandbox bank-link service's side (Plaid's items): link tokens, public tokens and their accounts. */
export const sandboxBankItems = pgTable('sandbox_bank_items', {
  public_token: text().primaryKey(),
  link_token: text().notNull(),
  institution: text().notNull(),
  accounts_sealed: text().notNull(),
  exchanged_at: timestamp({ withTimezone: true }),
  created_at: createdAt(),
});

export type Invoice = typeof invoices.$inferSelect;
export type Charge = typeof charges.$inferSelect;
export type InvoiceAttachment = typeof invoiceAttachments.$inferSelect;
export type SmsMessage = typeof smsMessages.$inferSelect;
