import { TransactionRollbackError } from 'drizzle-orm/errors';
import { emptyExecutionOutcomes, type InitiatePreview, type InitiatePaymentsBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { Payment } from '../../db/schema/index.ts';
import { orgOf, planExecution } from './execution-plan.ts';
import { outcomesOf, previewOf } from './execution-outcomes.ts';
import { BACKUP_WITHHOLDING_RATE, backupWithholdingsOf } from './backup-withholding-records.ts';

/** What the plan's recomputation kept back as backup withholding, for the Execute dialog to say (none: nothing to say). */
async function withholdingOf(tx: Tx, orgId: string, held: Payment[]): Promise<Pick<InitiatePreview, 'backup_withholding'>> {
  const withheld = await backupWithholdingsOf(
    tx,
    orgId,
    held.map((row) => row.id),
  );
  if (withheld.size === 0) return {};
  const rows = held.filter((row) => withheld.has(row.id));
  return {
    backup_withholding: {
      rate: BACKUP_WITHHOLDING_RATE,
      count: rows.length,
      withheld: [...withheld.values()].reduce((sum, amount) => sum + amount, 0),
      receives: rows.reduce((sum, row) => sum + row.amount, 0),
    },
  };
}

const EMPTY: InitiatePreview = {
  count: 0,
  amount: 0,
  fees: 0,
  requires_info: 0,
  outcomes: emptyExecutionOutcomes,
};

/**
 * POST /v1/payments/initiate/preview: the plan Execute would carry out for this caller (execute.ts
 * plans with the same function, under the same locks), counted per outcome: sent, held for approval
 * (and by whom), waiting (and for what), waiting for payout details. The transaction is rolled back:
 * nothing of the recomputation is kept, execution recomputes under its own locks.
 */
export async function previewExecution(
  deps: AppDeps,
  orgId: string,
  body: InitiatePaymentsBody,
  executedBy: string | null = null,
): Promise<InitiatePreview> {
  // A preview of nothing selected shows nothing (execution refuses it).
  if (body.ids.length === 0 && !body.payment_group_id && !body.filter) return EMPTY;
  let preview: InitiatePreview = EMPTY;
  try {
    await deps.db.transaction(async (tx) => {
      const plan = await planExecution(deps, tx, await orgOf(tx, orgId), body);
      preview = { ...previewOf(plan, await outcomesOf(tx, plan, { executedBy })), ...(await withholdingOf(tx, orgId, plan.held)) };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return preview;
}
