import { eq } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import type { InitiatePreview, InitiatePaymentsBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { orgs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { destinationsFor } from './payouts.ts';
import { lockSelectedDrafts } from './selection.ts';
import { splitGatedDrafts } from './gates.ts';
import { recomputeWithholdingAtExecution, rereadPayments } from './recompute.ts';
import { applyBackupWithholding } from './backup-withholding.ts';

/**
 * POST /v1/payments/initiate/preview: what Execute Payments would do with these drafts, for the
 * confirmation dialog: how many, the total and the fees (withholding recomputed as execution
 * will, in a transaction that is rolled back), and how many wait for payout details.
 */
export async function previewExecution(deps: AppDeps, orgId: string, body: InitiatePaymentsBody): Promise<InitiatePreview> {
  let preview: InitiatePreview | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
      if (!org) throw new AppError('not_found', 'Organization not found');
      // A preview of nothing selected shows nothing (execution refuses it).
      const isEmpty = body.ids.length === 0 && !body.payment_group_id && !body.filter;
      const selected = isEmpty ? [] : await lockSelectedDrafts(tx, orgId, body);
      // Drafts waiting for their contract or deliverable are left out of the figures and named with their reason.
      const { free: drafts, waiting } = await splitGatedDrafts(tx, orgId, selected);
      const recomputed = (await recomputeWithholdingAtExecution(deps, tx, orgId, drafts))
        ? await rereadPayments(tx, orgId, drafts)
        : drafts;
      const rows = await applyBackupWithholding(tx, orgId, recomputed);
      const destinations = await destinationsFor(deps, tx, org, rows);
      preview = {
        count: rows.length,
        amount: rows.reduce((sum, row) => sum + row.amount, 0),
        fees: rows.reduce((sum, row) => sum + row.fee, 0),
        requires_info: rows.filter((row) => !destinations.get(row.id)).length,
        ...(waiting.length > 0 ? { waiting } : {}),
      };
      // Nothing of the recomputation is kept: execution recomputes under its own locks.
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return preview!;
}
