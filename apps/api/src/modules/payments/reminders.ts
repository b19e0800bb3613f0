import { and, eq, inArray } from 'drizzle-orm';
import { paymentMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { orgs, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { sendQueuedSms } from '../sms/index.ts';
import { findLedgerAccounts } from '../ledger/index.ts';
import { releaseHold } from '../ledger/index.ts';
import { textPayeeLinks } from './payee-texts.ts';
import { emailPayeeLinks } from './payouts.ts';

/**
 * POST /v1/payments/reminders: a new payee link to each recipient of the payments awaiting
 * input, by email, or by text to those with a phone number (refused when none has one).
 */
export async function sendReminders(deps: AppDeps, orgId: string, options: { ids: string[]; channel: 'sms' | 'email' }): Promise<number> {
  let emailIds: string[] = [];
  let smsIds: string[] = [];
  await deps.db.transaction(async (tx) => {
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
    if (!org) throw new AppError('not_found', 'Organization not found');
    const rows = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.org_id, orgId),
          inArray(payments.id, options.ids),
          eq(payments.status, 'requires_info'),
          eq(payments.is_deleted, false),
        ),
      );
    if (rows.length === 0) throw new AppError('conflict', 'None of these payments is awaiting input');
    if (options.channel === 'email') emailIds = await emailPayeeLinks(deps, tx, org, rows);
    else smsIds = await textPayeeLinks(deps, tx, org, rows);
    if (options.channel === 'sms' && smsIds.length === 0) throw new AppError('bad_request', paymentMessages.noPhone);
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  await sendQueuedSms(deps, smsIds);
  return emailIds.length + smsIds.length;
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
