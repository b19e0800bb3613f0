import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { accountingConnections, type AccountingConnection } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { AppError } from '../../lib/errors.ts';
import { AccountingAuthError, accountingProvider, type AccountingAuth, type AccountingTokens } from '../../providers/accounting/index.ts';

export const NOT_CONNECTED = 'Connect QuickBooks first';
const STATE_TTL_MS = 10 * 60 * 1000;

/** The consent's state: who asked, for which organisation, until when; signed, so the callback trusts nothing else. */
export function signConnectState(deps: Pick<AppDeps, 'secrets'>, claims: { org_id: string; user_id: string }, now = new Date()): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: now.getTime() + STATE_TTL_MS })).toString('base64url');
  return `${payload}.${createHmac('sha256', deps.secrets.deriveKey('qb-connect-state')).update(payload).digest('base64url')}`;
}

export function readConnectState(
  deps: Pick<AppDeps, 'secrets'>,
  state: string,
  now = new Date(),
): { org_id: string; user_id: string } | null {
  const [payload, signature] = state.split('.');
  if (!payload || !signature) return null;
  const expected = createHmac('sha256', deps.secrets.deriveKey('qb-connect-state')).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { org_id: string; user_id: string; exp: number };
  return claims.exp > now.getTime() ? claims : null;
}

const sealed = (deps: Pick<AppDeps, 'secrets'>, tokens: AccountingTokens) => ({
  realm_id: tokens.realm_id,
  access_token_sealed: deps.secrets.encrypt(tokens.access_token),
  refresh_token_sealed: deps.secrets.encrypt(tokens.refresh_token),
  access_expires_at: tokens.access_expires_at,
});

/** The code is exchanged before any transaction; the tokens are then stored sealed (a reconnect replaces them). */
export async function completeConnection(deps: AppDeps, input: { org_id: string; user_id: string; code: string; realm_id: string }) {
  const tokens = await accountingProvider(deps).exchangeCode({ code: input.code, realm_id: input.realm_id });
  const values = sealed(deps, tokens);
  await deps.db
    .insert(accountingConnections)
    .values({ id: newId(), org_id: input.org_id, platform: 'quickbooks', created_by: input.user_id, ...values })
    .onConflictDoUpdate({ target: [accountingConnections.org_id, accountingConnections.platform], set: values });
}

export async function findConnection(deps: Pick<AppDeps, 'db'>, org_id: string): Promise<AccountingConnection | null> {
  const [row] = await deps.db.select().from(accountingConnections).where(eq(accountingConnections.org_id, org_id));
  return row ?? null;
}

export async function listConnections(deps: Pick<AppDeps, 'db'>, org_id: string) {
  const row = await findConnection(deps, org_id);
  return row ? [{ id: row.id, platform: row.platform, created_at: row.created_at.toISOString() }] : [];
}

/** Disconnects: the row goes first (our side is what matters), then the tokens are revoked at Intuit. */
export async function removeConnection(deps: AppDeps, org_id: string, id: string) {
  const [row] = await deps.db
    .delete(accountingConnections)
    .where(and(eq(accountingConnections.id, id), eq(accountingConnections.org_id, org_id)))
    .returning();
  if (!row) throw new AppError('not_found', 'Not found');
  await accountingProvider(deps)
    .revoke({ realm_id: row.realm_id, refresh_token: deps.secrets.decrypt(row.refresh_token_sealed) })
    .catch(() => undefined);
}

async function refreshTokens(deps: AppDeps, row: AccountingConnection): Promise<AccountingAuth> {
  const tokens = await accountingProvider(deps).refresh({
    realm_id: row.realm_id,
    refresh_token: deps.secrets.decrypt(row.refresh_token_sealed),
  });
  await deps.db.update(accountingConnections).set(sealed(deps, tokens)).where(eq(accountingConnections.id, row.id));
  return { realm_id: tokens.realm_id, access_token: tokens.access_token };
}

/**
 * Calls QuickBooks as the organisation: an access token near its end is refreshed first, and one
 * refused anyway (revoked, expired early) is refreshed once and the call made again, as Intuit advises.
 */
export async function withQuickbooks<T>(deps: AppDeps, org_id: string, call: (auth: AccountingAuth) => Promise<T>): Promise<T> {
  const row = await findConnection(deps, org_id);
  if (!row) throw new AppError('conflict', NOT_CONNECTED);
  const fresh = row.access_expires_at.getTime() - Date.now() > 60_000;
  const auth = fresh
    ? { realm_id: row.realm_id, access_token: deps.secrets.decrypt(row.access_token_sealed) }
    : await refreshTokens(deps, row);
  try {
    return await call(auth);
  } catch (error) {
    if (!(error instanceof AccountingAuthError)) throw error;
    return call(await refreshTokens(deps, row));
  }
}

export const EXPIRED = 'The QuickBooks connection has expired: connect again';

/** A QuickBooks read as the organisation; a connection Intuit no longer honours says so (409), never a 500. */
export async function readQuickbooks<T>(deps: AppDeps, org_id: string, read: (auth: AccountingAuth) => Promise<T>): Promise<T> {
  try {
    return await withQuickbooks(deps, org_id, read);
  } catch (error) {
    if (error instanceof AccountingAuthError) throw new AppError('conflict', EXPIRED);
    throw error;
  }
}
