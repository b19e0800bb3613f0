import { sql } from 'drizzle-orm';
import { formatCents } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { publishDomainEvent } from '../../events/dispatcher.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { unitOfWorkOver, type AfterCommitTask, type UnitOfWork } from '../../lib/unit-of-work.ts';
import { findLedgerAccounts, holdFunds, niumHoldEntries, postTransfer } from '../ledger/index.ts';
import { niumShortError } from './nium-execution.ts';
import type { ExecutionPlan } from './execution-plan.ts';
import { bookWithheldTax } from './withheld-tax.ts';

/**
 * Step "hold": the whole batch's amounts and fees in ONE ledger transfer (available -> held); not
 * enough available refuses the batch and the rollback moves nothing. Answers the batch's id.
 */
export async function holdBatch(tx: Tx, plan: ExecutionPlan): Promise<string> {
  const { org, held, total, abroad } = plan;
  const accounts = await findLedgerAccounts(tx, org.id);
  const batchId = newId();
  // The Nium wallet short for the payments abroad: refused with its own sentence, nothing moves.
  if (abroad > accounts.nium_available.balance) throw niumShortError(accounts, abroad);
  try {
    // Nothing to hold (PayPal payouts without a fee): no transfer, the wallet is not touched.
    const options = {
      org_id: org.id,
      key: `payments:${batchId}`,
      memo: `Payments (${held.length})`,
      metadata: { payment_batch_id: batchId },
    };
    // Payments abroad: their dollars held in the Nium wallet, in the same ONE transfer as the US wallet's hold.
    if (abroad > 0)
      await postTransfer(tx, {
        ...options,
        type: 'hold',
        entries: [
          ...(total > 0
            ? [
                { account_id: accounts.wallet_available.id, amount: -total },
                { account_id: accounts.wallet_held.id, amount: total },
              ]
            : []),
          ...niumHoldEntries(accounts, abroad),
        ],
      });
    else if (total > 0) await holdFunds(tx, accounts, { ...options, amount: total });
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') {
      throw new AppError(
        'insufficient_funds',
        `Not enough funds in your wallet: these payments need ${formatCents(total)} (amounts and fees) and ${formatCents(accounts.wallet_available.balance)} is available`,
      );
    }
    throw error;
  }
  // The backup withholding kept back from these payments is the IRS's: booked as tax owed now.
  await bookWithheldTax(
    tx,
    org.id,
    held.map((row) => row.id),
  );
  await tx.execute(
    sql`UPDATE payments SET fee_reference_id = ${batchId} WHERE org_id = ${org.id} AND id IN (SELECT unnest(${`{${held.map((row) => row.id).join(',')}}`}::uuid[]))`,
  );
  return batchId;
}

/**
 * Payments' own event (no outgoing webhook, no notification): these payments' money was held by an
 * execution, whichever path ran it. A scheduled run that found one waiting (its gate, its invoice)
 * is executed with it (modules/payment-schedules), in the same transaction.
 */
export const PAYMENTS_HELD_EVENT = 'payments.held';

/** Tells the modules that care, in the execution's transaction; what they leave for after the commit waits for the caller's. */
export async function announceHeld(deps: AppDeps, uow: Pick<UnitOfWork, 'tx' | 'afterCommit'>, orgId: string, paymentIds: string[]) {
  const tasks: AfterCommitTask[] = [];
  await publishDomainEvent(
    { ...unitOfWorkOver(uow.tx, tasks), deps },
    { org_id: orgId, type: PAYMENTS_HELD_EVENT, data: { payment_ids: paymentIds } },
  );
  for (const task of tasks) uow.afterCommit(task);
}
