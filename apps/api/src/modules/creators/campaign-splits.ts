import { and, asc, eq } from 'drizzle-orm';
import { campaignSplitMessages, type CampaignSplitRecord, type CreateCampaignSplitBody, type UpdateCampaignSplitBody } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import { campaigns, creatorCampaignSplits } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { assertCampaignOfOrg } from '../campaigns/index.ts';
import { findCreatorRow } from './queries.ts';

type Scope = { org_id: string; creator_id: string };
type SplitScope = Scope & { id: string };

const splitColumns = {
  id: creatorCampaignSplits.id,
  creator_id: creatorCampaignSplits.creator_id,
  payment_group_id: creatorCampaignSplits.payment_group_id,
  campaign_title: campaigns.title,
  agent_split: creatorCampaignSplits.agent_split,
  manager_split: creatorCampaignSplits.manager_split,
  created_at: creatorCampaignSplits.created_at,
  updated_at: creatorCampaignSplits.updated_at,
};

/** The creator's campaign splits with their campaign's title, filtered by organisation first. */
function selectSplits(db: DbOrTx, scope: Scope, id?: string) {
  const filters = [eq(creatorCampaignSplits.org_id, scope.org_id), eq(creatorCampaignSplits.creator_id, scope.creator_id)];
  if (id) filters.push(eq(creatorCampaignSplits.id, id));
  return db
    .select(splitColumns)
    .from(creatorCampaignSplits)
    .innerJoin(campaigns, eq(campaigns.id, creatorCampaignSplits.payment_group_id))
    .where(and(...filters))
    .orderBy(asc(campaigns.title), asc(creatorCampaignSplits.id));
}

type SplitRow = Awaited<ReturnType<typeof selectSplits>>[number];
const toRecord = (row: SplitRow): CampaignSplitRecord => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

async function findSplit(db: DbOrTx, scope: SplitScope): Promise<CampaignSplitRecord> {
  const [row] = await selectSplits(db, scope, scope.id);
  if (!row) throw new AppError('not_found', campaignSplitMessages.notFound);
  return toRecord(row);
}

/** GET /v1/creators/{id}/campaign_splits: another organisation's creator is not found. */
export async function listCampaignSplits(db: DbOrTx, scope: Scope): Promise<CampaignSplitRecord[]> {
  await findCreatorRow(db, { org_id: scope.org_id, id: scope.creator_id });
  return (await selectSplits(db, scope)).map(toRecord);
}

/** POST: one split per creator and campaign; the creator and the campaign must both be the organisation's. */
export async function createCampaignSplit(db: DbOrTx, scope: Scope & { body: CreateCampaignSplitBody }): Promise<CampaignSplitRecord> {
  await findCreatorRow(db, { org_id: scope.org_id, id: scope.creator_id });
  await assertCampaignOfOrg(db, { org_id: scope.org_id, id: scope.body.payment_group_id });
  const id = newId();
  // The unique index answers a second split for the campaign, simultaneous requests included.
  const inserted = await db
    .insert(creatorCampaignSplits)
    .values({ id, org_id: scope.org_id, creator_id: scope.creator_id, ...scope.body })
    .onConflictDoNothing()
    .returning({ id: creatorCampaignSplits.id });
  if (inserted.length === 0) throw new AppError('conflict', campaignSplitMessages.duplicate, { field: 'payment_group_id' });
  return findSplit(db, { ...scope, id });
}

/** PUT: percents left out are unchanged. */
export async function updateCampaignSplit(db: DbOrTx, scope: SplitScope & { body: UpdateCampaignSplitBody }): Promise<CampaignSplitRecord> {
  await findSplit(db, scope);
  const changes = columnsToSet(scope.body);
  if (changes)
    await db
      .update(creatorCampaignSplits)
      .set(changes)
      .where(
        and(
          eq(creatorCampaignSplits.org_id, scope.org_id),
          eq(creatorCampaignSplits.creator_id, scope.creator_id),
          eq(creatorCampaignSplits.id, scope.id),
        ),
      );
  return findSplit(db, scope);
}

/** DELETE: the campaign's payments go back to the creator's default split (drafts when recomputed). */
export async function deleteCampaignSplit(db: DbOrTx, scope: SplitScope): Promise<void> {
  const deleted = await db
    .delete(creatorCampaignSplits)
    .where(
      and(
        eq(creatorCampaignSplits.org_id, scope.org_id),
        eq(creatorCampaignSplits.creator_id, scope.creator_id),
        eq(creatorCampaignSplits.id, scope.id),
      ),
    )
    .returning({ id: creatorCampaignSplits.id });
  if (deleted.length === 0) throw new AppError('not_found', campaignSplitMessages.notFound);
}
