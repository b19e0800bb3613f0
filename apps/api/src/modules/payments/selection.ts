import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { InitiatePaymentsBody } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { payments, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { assertCampaignOfOrg } from '../campaigns/index.ts';
import { listFilters } from './queries.ts';

/**
 * The drafts an execution (or its preview) is asked for: by ids, by campaign, or by a list's filter
 * ("Select all N matching"), always the caller's organisation's drafts. They are locked in id
 * order (FOR UPDATE): a concurrent execution of the same payments waits, then finds them no longer
 * draft. Nothing named at all is refused rather than read as "every draft".
 */
export async function lockSelectedDrafts(tx: Tx, orgId: string, body: InitiatePaymentsBody): Promise<Payment[]> {
  const filters: SQL[] = [eq(payments.org_id, orgId), eq(payments.is_deleted, false), eq(payments.status, 'draft')];
  if (body.filter) {
    // One selection at a time: ids beside a filter would leave unclear which one was meant.
    if (body.ids.length > 0 || body.payment_group_id)
      throw new AppError('validation_error', 'Send either the payments or a filter, not both', { field: 'filter' });
    if (body.filter.payment_group_id) await assertCampaignOfOrg(tx, { org_id: orgId, id: body.filter.payment_group_id });
    filters.push(...listFilters({ org_id: orgId, ...body.filter }));
  }
  if (body.ids.length > 0) filters.push(inArray(payments.id, body.ids));
  if (body.payment_group_id) {
    await assertCampaignOfOrg(tx, { org_id: orgId, id: body.payment_group_id });
    filters.push(eq(payments.payment_group_id, body.payment_group_id));
  }
  if (body.ids.length === 0 && !body.payment_group_id && !body.filter)
    throw new AppError('validation_error', 'Select the payments to execute', { field: 'ids' });
  return tx
    .select()
    .from(payments)
    .where(and(...filters))
    .orderBy(payments.id)
    .for('update');
}
