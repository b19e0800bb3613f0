import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { initiatePayments, type InitiateResult } from './execute.ts';

/**
 * The executions nobody clicked (a schedule's run, an invoice or a gate released) run the pipeline
 * in a savepoint of their caller's unit of work: a refused execution (not enough funds, billing
 * past due) rolls back its own work only and is answered as the error, for the caller to record;
 * the payout calls and emails it queued run after the OUTERMOST commit, never before.
 */
export async function executeInSavepoint(
  deps: AppDeps,
  uow: UnitOfWork,
  orgId: string,
  ids: string[],
  executedBy: string | null,
): Promise<InitiateResult | AppError> {
  try {
    return await uow.savepoint((inner) => initiatePayments(deps, { ...inner, executedBy }, orgId, { ids }));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error;
  }
}
