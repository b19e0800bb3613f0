import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { InviteCreatorsAnswer, InviteCreatorsBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { creators } from '../../db/schema/index.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { findOrg } from '../orgs/index.ts';
import { ensureCreatorAccounts, retryOnAccountRace } from './accounts.ts';

/** Accounts, links and emails built per statement: an "invite all" of 10,000 stays in bounded pieces. */
const CHUNK_PEOPLE = 1000;

export async function countLaterInvitations(db: Db, orgId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(creators)
    .where(and(eq(creators.org_id, orgId), eq(creators.invitation, 'later')));
  return row?.total ?? 0;
}

/**
 * Marks the target creators invited and answers who they are. One UPDATE: a second invite at the
 * same moment waits on the rows, then finds them already sent, so each creator is emailed once.
 */
async function claimInvitations(tx: DbOrTx, options: { org_id: string; target: InviteCreatorsBody }) {
  const { target } = options;
  const which =
    'ids' in target
      ? and(ne(creators.invitation, 'sent'), sql`${creators.id} = ANY(${sql.param(target.ids)}::uuid[])`)
      : eq(creators.invitation, 'later');
  return tx
    .update(creators)
    .set({ invitation: 'sent', updated_at: new Date() })
    .where(and(eq(creators.org_id, options.org_id), which))
    .returning({ id: creators.id, email: creators.email, first_name: creators.first_name, last_name: creators.last_name });
}

/**
 * Emails the portal invitation to creators an import did not invite: the chosen ones (left for
 * later or not invited) or every one left for later. Each gets the account and link a creator
 * added by hand gets (an existing creator account: a notice instead); the emails go out as jobs
 * of 200 after commit, never inside this request.
 */
export async function inviteCreators(
  deps: AppDeps,
  options: { org_id: string; target: InviteCreatorsBody },
): Promise<InviteCreatorsAnswer> {
  const org = await findOrg(deps.db, options.org_id);
  const { invited, emailIds } = await retryOnAccountRace(() =>
    deps.db.transaction(async (tx) => {
      const claimed = await claimInvitations(tx, options);
      const ids: string[] = [];
      for (let start = 0; start < claimed.length; start += CHUNK_PEOPLE) {
        const people = claimed.slice(start, start + CHUNK_PEOPLE).map((row) => ({
          email: row.email,
          first_name: row.first_name ?? undefined,
          last_name: row.last_name ?? undefined,
        }));
        const { userIds, emailIds: chunkEmails } = await ensureCreatorAccounts(tx, deps, { org, people });
        await linkAccounts(tx, { org_id: org.id, claimed: claimed.slice(start, start + CHUNK_PEOPLE), userIds });
        ids.push(...chunkEmails);
      }
      return { invited: claimed.length, emailIds: ids };
    }),
  );
  await sendQueuedEmails(deps.jobs, emailIds);
  return { invited };
}

/** Sets each invited creator's portal account in one statement. */
async function linkAccounts(
  tx: DbOrTx,
  options: { org_id: string; claimed: { id: string; email: string }[]; userIds: Map<string, string | null> },
): Promise<void> {
  const pairs = options.claimed.flatMap((row) => {
    const userId = options.userIds.get(row.email);
    return userId ? [{ id: row.id, user_id: userId }] : [];
  });
  if (pairs.length === 0) return;
  await tx.execute(sql`
    UPDATE creators SET user_id = pair.user_id
    FROM unnest(${sql.param(pairs.map((pair) => pair.id))}::uuid[], ${sql.param(pairs.map((pair) => pair.user_id))}::uuid[]) AS pair(id, user_id)
    WHERE creators.id = pair.id AND creators.org_id = ${options.org_id}`);
}
