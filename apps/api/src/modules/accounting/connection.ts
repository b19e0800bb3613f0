import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { accountingConnections, type AccountingConnection } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { AppError } from '../../lib/errors.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import {
  AccountingAuthError,
  AccountingReconnectError,
  AccountingValidationFault,
  accountingProvider,
  accountingProviderName,
  type AccountingAuth,
  type AccountingTokens,
} from '../../providers/accounting/index.ts';

export const NOT_CONNECTED = 'Connect QuickBooks first';
export const EXPIRED = 'The QuickBooks connection has expired: connect again';
/** An access token this close to its end is refreshed before the call rather than refused during it. */
const REFRESH_MARGIN_MS = 60_000;

const sealed = (deps: Pick<AppDeps, 'secrets'>, tokens: AccountingTokens) => ({
  realm_id: tokens.realm_id,
  access_token_sealed: deps.secrets.encrypt(tokens.access_token),
  refresh_token_sealed: deps.secrets.encrypt(tokens.refresh_token),
  access_expires_at: tokens.access_expires_at,
  refresh_expires_at: tokens.refresh_expires_at,
  expired_at: null,
});

/** The code is exchanged before any transaction; the tokens are then stored sealed (a reconnect replaces them). */
export async function completeConnection(deps: AppDeps, input: { org_id: string; user_id: string; code: string; realm_id: string }) {
  const provider = accountingProvider(deps);
  const tokens = await provider.exchangeCode({ code: input.code, realm_id: input.realm_id });
  const values = { ...sealed(deps, tokens), provider: provider.name };
  await deps.db
    .insert(accountingConnections)
    .values({ id: newId(), org_id: input.org_id, platform: 'quickbooks', created_by: input.user_id, ...values })
    .onConflictDoUpdate({ target: [accountingConnections.org_id, accountingConnections.platform], set: values });
}

async function findConnection(deps: Pick<AppDeps, 'db'>, org_id: string): Promise<AccountingConnection | null> {
  const [row] = await deps.db.select().from(accountingConnections).where(eq(accountingConnections.org_id, org_id));
  return row ?? null;
}

/**
 * Whether only connecting again can help: QuickBooks refused the refresh token, the refresh token
 * is past its end, or the tokens were issued by the other adapter (a sandbox connection on a live
 * server, or the reverse).
 */
export function needsReconnect(deps: Pick<AppDeps, 'config'>, row: AccountingConnection, now = new Date()): boolean {
  if (row.expired_at || row.provider !== accountingProviderName(deps.config)) return true;
  return row.refresh_expires_at !== null && row.refresh_expires_at <= now;
}

export async function listConnections(deps: Pick<AppDeps, 'db' | 'config'>, org_id: string) {
  const row = await findConnection(deps, org_id);
  return row
    ? [{ id: row.id, platform: row.platform, created_at: row.created_at.toISOString(), needs_reconnect: needsReconnect(deps, row) }]
    : [];
}

/** Disconnects: the row goes first (our side is what matters), then the grant is revoked at Intuit. */
export async function removeConnection(deps: AppDeps, org_id: string, id: string) {
  const [row] = await deps.db
    .delete(accountingConnections)
    .where(and(eq(accountingConnections.id, id), eq(accountingConnections.org_id, org_id)))
    .returning();
  if (!row) throw new AppError('not_found', 'Not found');
  // Another adapter's tokens mean nothing to this one; a refused revoke leaves nothing to undo on our side.
  if (row.provider !== accountingProviderName(deps.config)) return;
  await accountingProvider(deps)
    .revoke({ realm_id: row.realm_id, refresh_token: deps.secrets.decrypt(row.refresh_token_sealed) })
    .catch(() => undefined);
}

async function markExpired(deps: Pick<AppDeps, 'db'>, row: AccountingConnection): Promise<never> {
  await deps.db.update(accountingConnections).set({ expired_at: new Date() }).where(eq(accountingConnections.id, row.id));
  throw new AccountingReconnectError();
}

/**
 * How long one worker holds the right to refresh a connection's tokens. A refresh takes a second;
 * a worker that died holding it is succeeded once it passes.
 */
const REFRESH_LEASE_SECONDS = 30;
const REFRESH_POLL_MS = 100;

/**
 * The right to refresh `row`'s tokens, taken only while they are still the ones stored and no other
 * worker holds it: Intuit rotates the refresh token, so two workers refreshing at once would spend
 * a refresh each and the second would be refused.
 */
async function claimRefresh(deps: Pick<AppDeps, 'db'>, row: AccountingConnection): Promise<boolean> {
  const claimed = await deps.db
    .update(accountingConnections)
    .set({ refreshing_until: sql`now() + make_interval(secs => ${REFRESH_LEASE_SECONDS})` })
    .where(
      and(
        eq(accountingConnections.id, row.id),
        eq(accountingConnections.refresh_token_sealed, row.refresh_token_sealed),
        isNull(accountingConnections.expired_at),
        or(isNull(accountingConnections.refreshing_until), lt(accountingConnections.refreshing_until, sql`now()`)),
      ),
    )
    .returning({ id: accountingConnections.id });
  return claimed.length === 1;
}

/** Refreshes with the right claimed; a refusal of the token we hold is Intuit's word that the grant is gone. */
async function refreshClaimed(deps: AppDeps, row: AccountingConnection): Promise<AccountingAuth> {
  try {
    const tokens = await accountingProvider(deps).refresh({
      realm_id: row.realm_id,
      refresh_token: deps.secrets.decrypt(row.refresh_token_sealed),
    });
    await deps.db
      .update(accountingConnections)
      .set({ ...sealed(deps, tokens), refreshing_until: null })
      .where(eq(accountingConnections.id, row.id));
    return { realm_id: tokens.realm_id, access_token: tokens.access_token };
  } catch (error) {
    await deps.db.update(accountingConnections).set({ refreshing_until: null }).where(eq(accountingConnections.id, row.id));
    if (error instanceof AccountingReconnectError) return markExpired(deps, row);
    throw error;
  }
}

/**
 * New tokens for the connection: refreshed by this worker when it takes the right to, otherwise
 * those another worker is getting, waited for (never a second refresh of the same token).
 */
async function refreshTokens(deps: AppDeps, row: AccountingConnection): Promise<AccountingAuth> {
  for (;;) {
    if (await claimRefresh(deps, row)) return refreshClaimed(deps, row);
    const latest = await findConnection(deps, row.org_id);
    if (!latest || latest.id !== row.id || latest.expired_at) throw new AccountingReconnectError();
    if (latest.refresh_token_sealed !== row.refresh_token_sealed)
      return { realm_id: latest.realm_id, access_token: deps.secrets.decrypt(latest.access_token_sealed) };
    await sleep(REFRESH_POLL_MS);
  }
}

/**
 * Calls QuickBooks as the organisation: an access token near its end is refreshed first, and one
 * refused anyway (revoked, expired early) is refreshed once and the call made again, as Intuit
 * advises. A connection only reconnecting can mend is refused here, without calling Intuit.
 */
export async function withQuickbooks<T>(deps: AppDeps, org_id: string, call: (auth: AccountingAuth) => Promise<T>): Promise<T> {
  const row = await findConnection(deps, org_id);
  if (!row) throw new AppError('conflict', NOT_CONNECTED);
  if (needsReconnect(deps, row)) throw new AccountingReconnectError();
  const fresh = row.access_expires_at.getTime() - Date.now() > REFRESH_MARGIN_MS;
  const auth = fresh
    ? { realm_id: row.realm_id, access_token: deps.secrets.decrypt(row.access_token_sealed) }
    : await refreshTokens(deps, row);
  try {
    return await call(auth);
  } catch (error) {
    if (!(error instanceof AccountingAuthError)) throw error;
  }
  // Read again: another worker may have refreshed since, and its new access token is the answer.
  const latest = (await findConnection(deps, org_id)) ?? row;
  const stored = deps.secrets.decrypt(latest.access_token_sealed);
  const again = stored !== auth.access_token ? { realm_id: latest.realm_id, access_token: stored } : await refreshTokens(deps, latest);
  try {
    return await call(again);
  } catch (error) {
    // A token just issued refused as well: the grant itself is gone (the app was disconnected in QuickBooks).
    if (error instanceof AccountingAuthError) return markExpired(deps, row);
    throw error;
  }
}

/** A QuickBooks read a person waits for: every refusal or outage answers a sentence (409, 503), never a 500. */
export async function readQuickbooks<T>(deps: AppDeps, org_id: string, read: (auth: AccountingAuth) => Promise<T>): Promise<T> {
  try {
    return await withQuickbooks(deps, org_id, read);
  } catch (error) {
    if (error instanceof AccountingReconnectError || error instanceof AccountingAuthError) throw new AppError('conflict', EXPIRED);
    if (error instanceof ProviderCallError || error instanceof AccountingValidationFault)
      throw new AppError('provider_unavailable', error.message);
    throw error;
  }
}
