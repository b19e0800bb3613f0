import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { creatorMessages, type CreateTagsBody, type EnrollmentBody, type EnrollmentRecord, type TagRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { creators, tagEnrollments, tags, type Tag } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

export const toTagRecord = (tag: Tag): TagRecord => ({ id: tag.id, label: tag.label, created_at: tag.created_at.toISOString() });

export async function listTags(db: DbOrTx, orgId: string): Promise<Tag[]> {
  return db
    .select()
    .from(tags)
    .where(eq(tags.org_id, orgId))
    .orderBy(asc(sql`lower(${tags.label})`));
}

/** Creates the labels that do not exist yet (case-insensitively) and answers the tags of every label sent. */
export async function createTags(db: DbOrTx, options: { org_id: string; body: CreateTagsBody }): Promise<Tag[]> {
  const labels = [...new Map(options.body.map((item) => [item.label.toLowerCase(), item.label])).values()];
  await db
    .insert(tags)
    .values(labels.map((label) => ({ id: newId(), org_id: options.org_id, label })))
    .onConflictDoNothing();
  const lowered = labels.map((label) => label.toLowerCase());
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.org_id, options.org_id), inArray(sql`lower(${tags.label})`, lowered)))
    .orderBy(asc(sql`lower(${tags.label})`));
}

/** Enrollments of the organisation, or of the given creators (which must be the organisation's). */
export async function listEnrollments(
  db: DbOrTx,
  options: { org_id: string; creator_ids?: string[] | undefined },
): Promise<EnrollmentRecord[]> {
  const filters = [eq(tagEnrollments.org_id, options.org_id)];
  if (options.creator_ids) {
    const ids = [...new Set(options.creator_ids)];
    const found = await db
      .select({ id: creators.id })
      .from(creators)
      .where(and(eq(creators.org_id, options.org_id), inArray(creators.id, ids)));
    if (found.length !== ids.length) throw new AppError('not_found', creatorMessages.notFound, { field: 'creator_id' });
    filters.push(inArray(tagEnrollments.creator_id, ids));
  }
  return db
    .select({ tag_id: tagEnrollments.tag_id, creator_id: tagEnrollments.creator_id, label: tags.label })
    .from(tagEnrollments)
    .innerJoin(tags, eq(tags.id, tagEnrollments.tag_id))
    .where(and(...filters))
    .orderBy(asc(sql`lower(${tags.label})`));
}

/** Every tag and creator of the body must belong to the caller's organisation, or nothing happens. */
async function assertOwnedByOrg(db: DbOrTx, options: { org_id: string; body: EnrollmentBody }): Promise<void> {
  const tagIds = [...new Set(options.body.map((item) => item.tag_id))];
  const creatorIds = [...new Set(options.body.map((item) => item.creator_id))];
  const [foundTags, foundCreators] = await Promise.all([
    db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.org_id, options.org_id), inArray(tags.id, tagIds))),
    db
      .select({ id: creators.id })
      .from(creators)
      .where(and(eq(creators.org_id, options.org_id), inArray(creators.id, creatorIds))),
  ]);
  if (foundTags.length !== tagIds.length) throw new AppError('not_found', 'Tag not found', { field: 'tag_id' });
  if (foundCreators.length !== creatorIds.length) throw new AppError('not_found', creatorMessages.notFound, { field: 'creator_id' });
}

export async function enrollCreators(db: DbOrTx, options: { org_id: string; body: EnrollmentBody }): Promise<void> {
  await assertOwnedByOrg(db, options);
  await db
    .insert(tagEnrollments)
    .values(options.body.map((item) => ({ org_id: options.org_id, tag_id: item.tag_id, creator_id: item.creator_id })))
    .onConflictDoNothing();
}

export async function unenrollCreators(db: DbOrTx, options: { org_id: string; body: EnrollmentBody }): Promise<void> {
  await assertOwnedByOrg(db, options);
  for (const item of options.body) {
    await db
      .delete(tagEnrollments)
      .where(
        and(
          eq(tagEnrollments.org_id, options.org_id),
          eq(tagEnrollments.tag_id, item.tag_id),
          eq(tagEnrollments.creator_id, item.creator_id),
        ),
      );
  }
}
