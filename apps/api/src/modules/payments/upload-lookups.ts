import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RecipientRole } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, creators, users } from '../../db/schema/index.ts';
import { loadRecipients } from './recipients.ts';

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const lowered = (values: string[]) => [...new Set(values.map((value) => value.toLowerCase()))];

/** A recipient cell's person: its id and the role a payment to them has. */
export type UploadRecipient = { id: string; role: RecipientRole };
/** A campaign cell's campaign id, or 'ambiguous' when several of the organisation's campaigns have that name. */
export type UploadCampaign = string | 'ambiguous';

export type UploadLookups = { recipients: Map<string, UploadRecipient>; campaigns: Map<string, UploadCampaign> };

/**
 * The organisation's recipients named by an email or an id, keyed by the cell lower-cased. A
 * creator's email wins over an agent's or manager's with the same email. Another organisation's
 * people are simply absent, so their rows read as unknown recipients and nothing of them leaks.
 */
async function findRecipients(db: DbOrTx, orgId: string, cells: string[]): Promise<Map<string, UploadRecipient>> {
  const emails = lowered(cells.filter((cell) => cell.includes('@')));
  // One after the other: the queries may share a transaction's one connection.
  const creatorRows =
    emails.length === 0
      ? []
      : await db
          .select({ id: creators.id, email: creators.email })
          .from(creators)
          .where(and(eq(creators.org_id, orgId), inArray(sql`lower(${creators.email})`, emails)));
  const userRows =
    emails.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            and(
              eq(users.org_id, orgId),
              inArray(sql`lower(${users.email})`, emails),
              or(eq(users.is_agent, true), eq(users.is_manager, true)),
            ),
          );
  const idOfCell = new Map<string, string>();
  for (const row of [...userRows, ...creatorRows]) idOfCell.set(row.email.toLowerCase(), row.id);
  for (const cell of lowered(cells.filter(isUuid))) idOfCell.set(cell, cell);
  const found = await loadRecipients(db, orgId, [...idOfCell.values()]);
  const recipients = new Map<string, UploadRecipient>();
  for (const [cell, id] of idOfCell) {
    const user = found.users.get(id);
    // The role the New Payment form's picker gives each person: creators as creators, agents before managers.
    if (found.creators.has(id)) recipients.set(cell, { id, role: 'creator' });
    else if (user) recipients.set(cell, { id, role: user.is_agent ? 'agent' : 'manager' });
  }
  return recipients;
}

/** The organisation's campaigns named by an id or a title, keyed by the cell lower-cased. */
async function findCampaigns(db: DbOrTx, orgId: string, cells: string[]): Promise<Map<string, UploadCampaign>> {
  const names = lowered(cells.filter((cell) => cell !== ''));
  if (names.length === 0) return new Map();
  const ids = names.filter(isUuid);
  const titled = inArray(sql`lower(${campaigns.title})`, names);
  const rows = await db
    .select({ id: campaigns.id, title: campaigns.title })
    .from(campaigns)
    .where(and(eq(campaigns.org_id, orgId), ids.length > 0 ? or(inArray(campaigns.id, ids), titled) : titled));
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
