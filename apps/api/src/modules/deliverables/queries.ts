import { and, asc, eq } from 'drizzle-orm';
import { creatorName, deliverableMessages, type DeliverableRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { creators, deliverables, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const columns = {
  deliverable: deliverables,
  entity_type: creators.entity_type,
  first_name: creators.first_name,
  last_name: creators.last_name,
  business_name: creators.business_name,
  decider_first_name: users.first_name,
  decider_last_name: users.last_name,
  decider_email: users.email,
};

type Row = {
  deliverable: typeof deliverables.$inferSelect;
  entity_type: 'individual' | 'business';
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  decider_first_name: string | null;
  decider_last_name: string | null;
  decider_email: string | null;
};

// Who approved or asked for changes: their name, or their email when they have not given one.
const deciderName = (row: Row) => [row.decider_first_name, row.decider_last_name].filter(Boolean).join(' ') || row.decider_email;

function toDeliverableRecord(row: Row): DeliverableRecord {
  const { deliverable } = row;
  return {
    id: deliverable.id,
    campaign_id: deliverable.campaign_id,
    creator_id: deliverable.creator_id,
    creator_name: creatorName({
      entity_type: row.entity_type,
      first_name: row.first_name,
      last_name: row.last_name,
      business_name: row.business_name,
    }),
    description: deliverable.description,
    quantity: deliverable.quantity,
    post_date: deliverable.post_date,
    approval_status: deliverable.approval_status,
    approval_decided_by_name: deciderName(row),
    approval_decided_at: deliverable.approval_decided_at?.toISOString() ?? null,
    created_at: deliverable.created_at.toISOString(),
    updated_at: deliverable.updated_at.toISOString(),
  };
}

const selectDeliverables = (db: DbOrTx) =>
  db
    .select(columns)
    .from(deliverables)
    .innerJoin(creators, eq(creators.id, deliverables.creator_id))
    .leftJoin(users, eq(users.id, deliverables.approval_decided_by));

/** A campaign's deliverables in the order they were added (the campaign is checked by the caller). */
export async function listDeliverables(db: DbOrTx, options: { org_id: string; campaign_id: string }): Promise<DeliverableRecord[]> {
  const rows = await selectDeliverables(db)
    .where(and(eq(deliverables.org_id, options.org_id), eq(deliverables.campaign_id, options.campaign_id)))
    .orderBy(asc(deliverables.created_at), asc(deliverables.id));
  return rows.map(toDeliverableRecord);
}

/** The organisation's deliverable, or 404. */
export async function findDeliverable(db: DbOrTx, options: { org_id: string; id: string }): Promise<DeliverableRecord> {
  const [row] = await selectDeliverables(db)
    .where(and(eq(deliverables.org_id, options.org_id), eq(deliverables.id, options.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', deliverableMessages.notFound);
  return toDeliverableRecord(row);
}

/** The creator must be one of the organisation's. */
export async function assertCreatorOfOrg(db: DbOrTx, options: { org_id: string; id: string }): Promise<void> {
  const [row] = await db
    .select({ id: creators.id })
    .from(creators)
    .where(and(eq(creators.org_id, options.org_id), eq(creators.id, options.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', deliverableMessages.creatorNotFound, { field: 'creator_id' });
}
