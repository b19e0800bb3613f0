import type { Db } from '../../db/client.ts';
import { createSandboxQuickbooks } from './sandbox.ts';
import type { AccountingProvider } from './types.ts';

export * from './types.ts';
export { ACCESS_TOKEN_TTL_MS } from './sandbox.ts';

/** The provider name of accounting calls in provider_calls. */
export const ACCOUNTING_PROVIDER = 'quickbooks';

/** QuickBooks Online: the sandbox company today (a live adapter with Intuit's OAuth would plug in here). */
export function accountingProvider(deps: { db: Db }): AccountingProvider {
  return createSandboxQuickbooks(deps.db);
}
