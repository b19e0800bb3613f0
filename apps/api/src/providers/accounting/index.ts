import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createQuickbooksOnline } from './quickbooks-online.ts';
import { createSandboxQuickbooks } from './sandbox.ts';
import type { AccountingProvider } from './types.ts';

export * from './types.ts';
/** The provider name of accounting calls in provider_calls. */
export const ACCOUNTING_PROVIDER = 'quickbooks';

/** The adapter this process uses, by the name it gives the tokens it issues (without building it: no keys needed). */
export const accountingProviderName = (config: Pick<Config, 'isSandbox'>): AccountingProvider['name'] =>
  config.isSandbox ? 'quickbooks-sandbox' : 'quickbooks-online';

/** QuickBooks Online: the sandbox company in the sandbox, Intuit's QuickBooks Online with SANDBOX=false. */
export function accountingProvider(deps: { db: Db; config: Pick<Config, 'isSandbox' | 'providers'> }): AccountingProvider {
  return deps.config.isSandbox ? createSandboxQuickbooks(deps.db) : createQuickbooksOnline(deps.config.providers.quickbooks);
}
