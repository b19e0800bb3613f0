import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { campaignFileMessages, MAX_CAMPAIGN_FILE_BYTES, type CampaignFileRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaignFiles, type CampaignFile } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { FileMissingError, type FileStorage } from '../../providers/storage/index.ts';
import { assertCampaignOfOrg } from '../campaigns/index.ts';
import { detectFileType, sanitizeFileName } from './sniff.ts';

function toCampaignFileRecord(row: CampaignFile): CampaignFileRecord {
  return {
    id: row.id,
    payment_group_id: row.payment_group_id,
    file_name: row.file_name,
    content_type: row.content_type,
    size: row.size,
    created_at: row.created_at.toISOString(),
  };
}

type Ctx = { db: DbOrTx; storage: FileStorage };

export async function listCampaignFiles(db: DbOrTx, options: { org_id: string; payment_group_id: string }): Promise<CampaignFileRecord[]> {
  await assertCampaignOfOrg(db, { org_id: options.org_id, id: options.payment_group_id });
  const rows = await db
    .select()
    .from(campaignFiles)
    .where(and(eq(campaignFiles.org_id, options.org_id), eq(campaignFiles.payment_group_id, options.payment_group_id)))
    .orderBy(asc(campaignFiles.created_at), asc(campaignFiles.id));
  return rows.map(toCampaignFileRecord);
}

async function findFileRow(db: DbOrTx, options: { org_id: string; id: string }): Promise<CampaignFile> {
  const [row] = await db
    .select()
    .from(campaignFiles)
    .where(and(eq(campaignFiles.org_id, options.org_id), eq(campaignFiles.id, options.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', campaignFileMessages.notFound);
  return row;
}

/**
 * Stores an upload: the campaign must be the organisation's, the size under the limit and the
 * type recognised from the bytes. The bytes are written first under a key of our own, then the
 * row; a failed insert removes the bytes again.
 */
export async function uploadCampaignFile(
  ctx: Ctx,
  options: { org_id: string; user_id: string; payment_group_id: string; file_name: string; bytes: Buffer },
): Promise<CampaignFileRecord> {
  await assertCampaignOfOrg(ctx.db, { org_id: options.org_id, id: options.payment_group_id });
  if (options.bytes.length > MAX_CAMPAIGN_FILE_BYTES)
    throw new AppError('validation_error', campaignFileMessages.tooLarge, { field: 'file' });
  if (options.bytes.length === 0) throw new AppError('validation_error', campaignFileMessages.missingFile, { field: 'file' });
  const type = detectFileType(options.bytes, options.file_name);
  if (!type) throw new AppError('validation_error', campaignFileMessages.badType, { field: 'file' });
  const id = newId();
  const key = `campaign-files/${options.org_id}/${id}`;
  await ctx.storage.put(key, options.bytes);
  try {
    const [row] = await ctx.db
      .insert(campaignFiles)
      .values({
        id,
        org_id: options.org_id,
        payment_group_id: options.payment_group_id,
        file_name: sanitizeFileName(options.file_name, type),
        content_type: type,
        size: options.bytes.length,
        sha256: createHash('sha256').update(options.bytes).digest('hex'),
        storage_key: key,
        uploaded_by: options.user_id,
      })
      .returning();
    return toCampaignFileRecord(row!);
  } catch (error) {
    await ctx.storage.remove(key);
    throw error;
  }
}

/** The organisation's file and a stream of its bytes (another organisation's id is a 404, like an unknown one). */
export async function openCampaignFile(
  ctx: Ctx,
  options: { org_id: string; id: string },
): Promise<{ file: CampaignFileRecord; stream: Readable }> {
  const row = await findFileRow(ctx.db, options);
  try {
    return { file: toCampaignFileRecord(row), stream: await ctx.storage.read(row.storage_key) };
  } catch (error) {
    if (error instanceof FileMissingError) throw new AppError('not_found', campaignFileMessages.notFound);
    throw error;
  }
}

export async function deleteCampaignFile(ctx: Ctx, options: { org_id: string; id: string }): Promise<void> {
  const [row] = await ctx.db
    .delete(campaignFiles)
    .where(and(eq(campaignFiles.org_id, options.org_id), eq(campaignFiles.id, options.id)))
    .returning();
  if (!row) throw new AppError('not_found', campaignFileMessages.notFound);
  await ctx.storage.remove(row.storage_key);
}
