import { sql } from 'drizzle-orm';
import { formatCents } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { findLedgerAccounts, holdFunds } from '../ledger/index.ts';
import type { ExecutionPlan } from './execution-plan.ts';
import { markWaitingRunsExecuted } from './schedule-waiting.ts';

/**
 * Step "hold": the whole batch's amounts and fees in ONE ledger transfer (available -> held); not
 * enough available refuses the batch and the rollback moves nothing. Answers the batch's id.
 */
export async function holdBatch(tx: Tx, plan: ExecutionPlan): Promise<string> {
  const { org, held, total } = plan;
  const accounts = await findLedgerAccounts(tx, org.id);
  const batchId = newId();
  try {
    // Nothing to hold (PayPal payouts without a fee): no transfer, the wallet is not touched.
    if (total > 0)
      await holdFunds(tx, accounts, {
        org_id: org.id,
        key: `payments:${batchId}`,
        amount: total,
        memo: `Payments (${held.length})`,
        metadata: { payment_batch_id: batchId },
      });
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') {
      throw new AppError(
        'insufficient_funds',
        `Not enough funds in your wallet: these payments need ${formatCents(total)} (amounts and fees) and ${formatCents(accounts.wallet_available.balance)} is available`,
      );
    }
    throw error;
  }
  await tx.execute(
    sql`UPDATE payments SET fee_reference_id = ${batchId} WHERE org_id = ${org.id} AND id IN (SELECT unnest(${`{${held.map((row) => row.id).join(',')}}`}::uuid[]))`,
  );
  // A scheduled run that found one of these waiting (its gate, its invoice) is executed with it.
  await markWaitingRunsExecuted(
    tx,
    held.map((row) => row.id),
  );
  return batchId;
}
