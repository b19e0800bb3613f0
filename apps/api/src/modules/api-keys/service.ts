import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_API_KEY_SCOPES, apiTokenPrefixes, type ApiKeyScope, type ApiTokenRecord, type CreatedApiToken } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';

/** Writes the route's audit row in the change's transaction (request.recordAudit). */
type RouteAudit = (tx: DbOrTx) => Promise<void>;
import { orgApiTokens } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

type TokenRow = typeof orgApiTokens.$inferSelect;

const toRecord = (row: TokenRow): ApiTokenRecord => ({
  id: row.id,
  prefix: row.prefix,
  last4: row.last4,
  created_at: row.created_at.toISOString(),
  scopes: row.scopes,
});

export async function listApiTokens(deps: AppDeps, orgId: string): Promise<ApiTokenRecord[]> {
  const rows = await deps.db.select().from(orgApiTokens).where(eq(orgApiTokens.org_id, orgId)).orderBy(desc(orgApiTokens.created_at));
  return rows.map(toRecord);
}

/** The full key is in this answer only: the table keeps its SHA-256, prefix, last 4 and scopes. */
export async function createApiToken(
  deps: AppDeps,
  options: { org_id: string; scopes?: readonly ApiKeyScope[] | undefined; audit?: RouteAudit },
): Promise<CreatedApiToken> {
  const prefix = deps.config.isSandbox ? apiTokenPrefixes.sandbox : apiTokenPrefixes.live;
  const key = `${prefix}${newSecretToken()}`;
  const row = await deps.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(orgApiTokens)
      .values({
        id: newId(),
        org_id: options.org_id,
        token_hash: hashToken(key),
        prefix,
        last4: key.slice(-4),
        scopes: [...(options.scopes ?? DEFAULT_API_KEY_SCOPES)],
      })
      .returning();
    if (!made) throw new Error('API key insert returned nothing');
    await options.audit?.(tx);
    return made;
  });
  return { ...toRecord(row), key };
}

/** Deleting the row revokes the key: every request looks the key up again. */
export async function deleteApiToken(deps: AppDeps, options: { org_id: string; id: string; audit?: RouteAudit }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(orgApiTokens)
      .where(and(eq(orgApiTokens.id, options.id), eq(orgApiTokens.org_id, options.org_id)))
      .returning({ id: orgApiTokens.id });
    if (deleted.length === 0) throw new AppError('not_found', 'API key not found');
    await options.audit?.(tx);
  });
}
