import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { orgs, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { findLedgerAccounts } from '../ledger/index.ts';
import { releaseHold } from '../ledger/index.ts';
import { emailPayeeLinks } from './payouts.ts';

/** POST /v1/payments/reminders: a new payee link to each recipient of the payments awaiting input. */
export async function sendReminders(deps: AppDeps, orgId: string, ids: string[]): Promise<number> {
  let emailIds: string[] = [];
  await deps.db.transaction(async (tx) => {
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
    if (!org) throw new AppError('not_found', 'Organization not found');
    const rows = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.org_id, orgId), inArray(payments.id, ids), eq(payments.status, 'requires_info'), eq(payments.is_deleted, false)),
      );
    if (rows.length === 0) throw new AppError('conflict', 'None of these payments is awaiting input');
    emailIds = await emailPayeeLinks(deps, tx, org, rows);
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  return emailIds.length;
}

/** Deleted payments that were awaiting input give their held amount and fee back to available. */
export async function releasePaymentHolds(tx: Tx, orgId: string, rows: { id: string; amount: number; fee: number }[]): Promise<void> {
  const total = rows.reduce((sum, row) => sum + row.amount + row.fee, 0);
  if (total === 0) return;
  const accounts = await findLedgerAccounts(tx, orgId);
  await releaseHold(tx, accounts, {
    org_id: orgId,
    key: `payments:cancel:${newId()}`,
    amount: total,
    metadata: { payment_ids: rows.map((row) => row.id).join(',') },
  });
}
