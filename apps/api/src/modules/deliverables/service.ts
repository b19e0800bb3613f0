import { and, eq } from 'drizzle-orm';
import { deliverableMessages, type CreateDeliverableBody, type DeliverableRecord, type UpdateDeliverableBody } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import { deliverables } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { assertCampaignOfOrg } from '../campaigns/index.ts';
import { assertCreatorOfOrg, findDeliverable } from './queries.ts';

/** POST /v1/deliverables: the campaign and the creator must both be the organisation's. */
export async function createDeliverable(db: DbOrTx, options: { org_id: string; body: CreateDeliverableBody }): Promise<DeliverableRecord> {
  const { body } = options;
  await assertCampaignOfOrg(db, { org_id: options.org_id, id: body.campaign_id, field: 'campaign_id' });
  await assertCreatorOfOrg(db, { org_id: options.org_id, id: body.creator_id });
  const id = newId();
  await db.insert(deliverables).values({ id, org_id: options.org_id, ...body });
  return findDeliverable(db, { org_id: options.org_id, id });
}

/** PUT /v1/deliverables: fields left out are unchanged; the campaign stays the same. */
export async function updateDeliverable(
  db: DbOrTx,
  options: { org_id: string; id: string; body: UpdateDeliverableBody },
): Promise<DeliverableRecord> {
  await findDeliverable(db, options);
  const { id: _id, ...fields } = options.body;
  if (fields.creator_id) await assertCreatorOfOrg(db, { org_id: options.org_id, id: fields.creator_id });
  const changes = columnsToSet(fields);
  if (changes) {
    await db
      .update(deliverables)
      .set(changes)
      .where(and(eq(deliverables.org_id, options.org_id), eq(deliverables.id, options.id)));
  }
  return findDeliverable(db, options);
}

export async function deleteDeliverable(db: DbOrTx, options: { org_id: string; id: string }): Promise<void> {
  const deleted = await db
    .delete(deliverables)
    .where(and(eq(deliverables.org_id, options.org_id), eq(deliverables.id, options.id)))
    .returning({ id: deliverables.id });
  if (deleted.length === 0) throw new AppError('not_found', deliverableMessages.notFound);
}
