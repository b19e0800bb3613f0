import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { RecipientRole } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, creators, users } from '../../db/schema/index.ts';

// Built once: a zod schema costs more to build than to run, and a file has 10,000 cells to test.
const uuidSchema = z.uuid();
const isUuid = (value: string) => uuidSchema.safeParse(value).success;
const lowered = (values: string[]) => [...new Set(values.map((value) => value.toLowerCase()))];

/** A recipient cell's person: its id and the role a payment to them has. */
export type UploadRecipient = { id: string; role: RecipientRole };
/** A campaign cell's campaign id, or 'ambiguous' when several of the organisation's campaigns have that name. */
export type UploadCampaign = string | 'ambiguous';

export type UploadLookups = { recipients: Map<string, UploadRecipient>; campaigns: Map<string, UploadCampaign> };

/**
 * `column` is one of `values`, passed as ONE json parameter: PostgreSQL hashes the list (a
 * semi-join), where an IN list of 10,000 parameters is compared value by value on every row.
 */
const oneOf = (column: SQL, values: string[], type: 'text' | 'uuid') =>
  sql`${column} IN (SELECT value::${sql.raw(type)} FROM json_array_elements_text(${JSON.stringify(values)}::json))`;

/**
 * The organisation's recipients named by an email or an id, keyed by the cell lower-cased. A
 * creator's email wins over an agent's or manager's with the same email. Another organisation's
 * people are simply absent, so their rows read as unknown recipients and nothing of them leaks.
 */
async function findRecipients(db: DbOrTx, orgId: string, cells: string[]): Promise<Map<string, UploadRecipient>> {
  const emails = lowered(cells.filter((cell) => cell.includes('@')));
  const ids = lowered(cells.filter(isUuid));
  if (emails.length === 0 && ids.length === 0) return new Map();
  const named = (table: typeof creators | typeof users) =>
    or(oneOf(sql`lower(${table.email})`, emails, 'text'), oneOf(sql`${table.id}`, ids, 'uuid'));
  // One after the other: the queries may share a transaction's one connection.
  const creatorRows = await db
    .select({ id: creators.id, email: creators.email })
    .from(creators)
    .where(and(eq(creators.org_id, orgId), named(creators)));
  const userRows = await db
    .select({ id: users.id, email: users.email, is_agent: users.is_agent })
    .from(users)
    .where(and(eq(users.org_id, orgId), or(eq(users.is_agent, true), eq(users.is_manager, true)), named(users)));
  const recipients = new Map<string, UploadRecipient>();
  // The role the New Payment form's picker gives each person: agents before managers, creators over both.
  for (const row of userRows) {
    const recipient = { id: row.id, role: row.is_agent ? ('agent' as const) : ('manager' as const) };
    recipients.set(row.email.toLowerCase(), recipient).set(row.id, recipient);
  }
  for (const row of creatorRows) {
    const recipient = { id: row.id, role: 'creator' as const };
    recipients.set(row.email.toLowerCase(), recipient).set(row.id, recipient);
  }
  return recipients;
}

/** The organisation's campaigns named by an id or a title, keyed by the cell lower-cased. */
async function findCampaigns(db: DbOrTx, orgId: string, cells: string[]): Promise<Map<string, UploadCampaign>> {
  const names = lowered(cells.filter((cell) => cell !== ''));
  if (names.length === 0) return new Map();
  const ids = names.filter(isUuid);
  const rows = await db
    .select({ id: campaigns.id, title: campaigns.title })
    .from(campaigns)
    .where(
      and(eq(campaigns.org_id, orgId), or(oneOf(sql`lower(${campaigns.title})`, names, 'text'), oneOf(sql`${campaigns.id}`, ids, 'uuid'))),
    );
  const found = new Map<string, UploadCampaign>();
  for (const row of rows) {
    const title = row.title.toLowerCase();
    found.set(title, found.has(title) ? 'ambiguous' : row.id);
  }
  // An id is exact: it wins over a campaign titled like another's id.
  for (const row of rows) if (ids.includes(row.id)) found.set(row.id, row.id);
  return found;
}

/** Every recipient and campaign a file names, in one read each. */
export async function findUploadLookups(db: DbOrTx, orgId: string, rows: { values: Record<string, string> }[]): Promise<UploadLookups> {
  const recipients = await findRecipients(
    db,
    orgId,
    rows.map((row) => row.values.recipient ?? ''),
  );
  const found = await findCampaigns(
    db,
    orgId,
    rows.map((row) => row.values.campaign ?? ''),
  );
  return { recipients, campaigns: found };
}
