import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Numbers that replied STOP (or that the SMS provider refused as unsubscribed, Twilio 21610):
 * no text is sent to them until they reply START. One list for every organisation, since every
 * organisation's texts go out from Crewpay's sender and the provider blocks the number for all
 * of them. `source` says how we learnt it: 'reply' or the provider's code.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text().primaryKey(),
  source: text().notNull(),
  created_at: createdAt(),
});
