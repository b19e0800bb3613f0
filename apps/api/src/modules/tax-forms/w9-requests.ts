import { eq, sql, type SQL } from 'drizzle-orm';
import type { W9Payee, W9Payees } from '@crewpay/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orgs, w9Requests } from '../../db/schema/index.ts';
import { queueEmails, type OutgoingEmail } from '../email/index.ts';
import { BACKUP_WITHHOLDING_RATE, isBackupWithholdingOn } from '../payments/index.ts';

const W9_PAGE_SIZE = 50;

const NAME = sql`coalesce(nullif(c.business_name, ''), nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), c.email)`;

/**
 * The organisation's payees backup withholding applies to, as payments/backup-withholding-records.ts
 * decides at execution: active creators, not W-2 (wages are withheld as W-2), without an active W-9
 * or W-8. `only`: just these of them.
 */
const withoutForm = (orgId: string, only?: readonly string[]): SQL => sql`
  FROM creators c
  WHERE c.org_id = ${orgId} AND c.is_active AND NOT c.is_w2
    AND NOT EXISTS (SELECT 1 FROM tax_forms f WHERE f.payee_id = c.id AND f.status = 'active')
    ${only ? sql`AND c.id = ANY(${`{${only.join(',')}}`}::uuid[])` : sql``}`;

type Row = { id: string; name: string; email: string; first_requested_at: Date | null; last_requested_at: Date | null; requests: number };
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** GET /v1/taxes/backup_withholding/payees: how many would be withheld, and one page of them by name with their W-9 request. */
export async function listW9Payees(db: DbOrTx, orgId: string, page: number, payeeId?: string): Promise<W9Payees> {
  const only = payeeId ? [payeeId] : undefined;
  const [counted] = (await db.execute<{ count: string }>(sql`SELECT count(*)::text AS count ${withoutForm(orgId, only)}`)).rows;
  const rows = await db.execute<Row>(sql`
    SELECT c.id, ${NAME} AS name, c.email, r.first_requested_at, r.last_requested_at, coalesce(r.requests, 0)::int AS requests
    FROM (SELECT c.* ${withoutForm(orgId, only)}) c
    LEFT JOIN w9_requests r ON r.org_id = c.org_id AND r.payee_id = c.id
    ORDER BY lower(${NAME}), c.id
    LIMIT ${W9_PAGE_SIZE + 1} OFFSET ${page * W9_PAGE_SIZE}`);
  const data: W9Payee[] = rows.rows.slice(0, W9_PAGE_SIZE).map((row) => ({
    ...row,
    first_requested_at: iso(row.first_requested_at),
    last_requested_at: iso(row.last_requested_at),
  }));
  return { count: Number(counted?.count ?? 0), data, has_more: rows.rows.length > W9_PAGE_SIZE };
}

/** The email asking a payee for their W-9 (a reminder when asked before), with what happens until it is signed. */
function w9RequestEmail(parts: {
  orgId: string;
  orgName: string;
  payee: Pick<Row, 'name' | 'email' | 'requests'>;
  isWithholding: boolean;
  publicUrl: string;
}): OutgoingEmail {
  const isReminder = parts.payee.requests > 0;
  return {
    org_id: parts.orgId,
    to: parts.payee.email,
    subject: `${isReminder ? 'Reminder: ' : ''}${parts.orgName} needs your W-9`,
    paragraphs: [
      `Hi ${parts.payee.name},`,
      `${parts.orgName} needs a signed W-9 (your taxpayer identification number) for its tax records.`,
      parts.isWithholding
        ? `Until it is on file, ${BACKUP_WITHHOLDING_RATE}% of each payment to you is withheld and paid to the IRS (backup withholding).`
        : `Without it, ${parts.orgName} may have to withhold ${BACKUP_WITHHOLDING_RATE}% of your payments for the IRS (backup withholding).`,
      'Signing takes a few minutes in your portal, under Tax documents.',
    ],
    links: [{ label: 'Sign your W-9', url: `${parts.publicUrl}/creator/taxes` }],
  };
}

/**
 * POST /v1/taxes/backup_withholding/w9_requests: emails each payee without a W-9 (these, or all of
 * them) through the outbox and records the request; a payee asked before gets a reminder. Payees
 * who have a form by now are left out. In one transaction: the emails and the records go together.
 */
export async function requestW9s(
  tx: Tx,
  options: { orgId: string; payeeIds?: readonly string[]; publicUrl: string; now: Date; requestedBy: string },
) {
  const { orgId } = options;
  const [org] = await tx.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, orgId));
  const payees = (
    await tx.execute<Row>(sql`
      SELECT c.id, ${NAME} AS name, c.email, coalesce(r.requests, 0)::int AS requests
      FROM (SELECT c.* ${withoutForm(orgId, options.payeeIds)}) c
      LEFT JOIN w9_requests r ON r.org_id = c.org_id AND r.payee_id = c.id
      ORDER BY c.id`)
  ).rows;
  if (payees.length === 0) return { requested: 0, reminded: 0 };
  const isWithholding = await isBackupWithholdingOn(tx, orgId);
  await queueEmails(
    tx,
    payees.map((payee) =>
      w9RequestEmail({ orgId, orgName: org?.name ?? 'Your payer', payee, isWithholding, publicUrl: options.publicUrl }),
    ),
  );
  // In slices: a 10,000-payee organisation would pass PostgreSQL's limit of parameters in one statement.
  for (let start = 0; start < payees.length; start += 2_000) {
    await tx
      .insert(w9Requests)
      .values(
        payees.slice(start, start + 2_000).map((payee) => ({
          org_id: orgId,
          payee_id: payee.id,
          first_requested_at: options.now,
          first_requested_by: options.requestedBy,
          last_requested_at: options.now,
        })),
      )
      .onConflictDoUpdate({
        target: [w9Requests.org_id, w9Requests.payee_id],
        set: { last_requested_at: options.now, requests: sql`${w9Requests.requests} + 1` },
      });
  }
  const reminded = payees.filter((payee) => payee.requests > 0).length;
  return { requested: payees.length - reminded, reminded };
}
