import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_SAVED_VIEWS_PER_LIST, savedViewMessages, type CreateSavedViewBody, type SavedViewRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { savedViews, type SavedView } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, UUID_PATTERN } from '../../lib/ids.ts';

/** Whose views: a view is its author's alone, inside the author's organisation. */
export type Owner = { org_id: string; user_id: string };

const ownedBy = (owner: Owner) => and(eq(savedViews.org_id, owner.org_id), eq(savedViews.user_id, owner.user_id));

const toSavedViewRecord = (row: SavedView): SavedViewRecord => ({
  id: row.id,
  list: row.list,
  name: row.name,
  query: row.query,
  created_at: row.created_at.toISOString(),
});

/** The caller's views of one list, in the order they were saved. */
export async function listSavedViews(db: DbOrTx, owner: Owner, list: string): Promise<SavedViewRecord[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(ownedBy(owner), eq(savedViews.list, list)))
    .orderBy(asc(savedViews.created_at), asc(savedViews.id));
  return rows.map(toSavedViewRecord);
}

export async function createSavedView(db: DbOrTx, owner: Owner, body: CreateSavedViewBody): Promise<SavedViewRecord> {
  // A bound on each person's menu: the Views menu lists them all at once.
  const [held] = await db
    .select({ value: count() })
    .from(savedViews)
    .where(and(ownedBy(owner), eq(savedViews.list, body.list)));
  if ((held?.value ?? 0) >= MAX_SAVED_VIEWS_PER_LIST) throw new AppError('bad_request', savedViewMessages.tooMany);
  const [row] = await db
    .insert(savedViews)
    .values({ id: newId(), ...owner, list: body.list, name: body.name, query: body.query })
    .returning();
  return toSavedViewRecord(row!);
}

/** Deletes one of the caller's views; anyone else's id (or an unknown one) is a 404. */
export async function deleteSavedView(db: DbOrTx, owner: Owner, id: string): Promise<void> {
  if (!UUID_PATTERN.test(id)) throw new AppError('not_found', savedViewMessages.notFound);
  const deleted = await db
    .delete(savedViews)
    .where(and(ownedBy(owner), eq(savedViews.id, id)))
    .returning({ id: savedViews.id });
  if (deleted.length === 0) throw new AppError('not_found', savedViewMessages.notFound);
}
