import { AppError } from '../../lib/errors.ts';
import { accountingProvider, type QbParty } from '../../providers/accounting/index.ts';
import type { AppDeps } from '../../deps.ts';
import { readQuickbooks } from './connection.ts';

type QuickbooksPartyKind = 'customer' | 'vendor';

const FIELDS = { customer: 'qb_customer', vendor: 'qb_vendor' } as const;

/**
 * The QuickBooks customer or vendor a Crewpay customer or creator is linked to, checked against
 * the company's list (read with no transaction open): the name stored is QuickBooks', never the
 * caller's. null unlinks. Not connected: 409 'Connect QuickBooks first'.
 */
export async function resolveQuickbooksParty(
  deps: AppDeps,
  org_id: string,
  kind: QuickbooksPartyKind,
  chosen: { Id: string } | null,
): Promise<QbParty | null> {
  if (chosen === null) return null;
  const provider = accountingProvider(deps);
  const parties = await readQuickbooks(deps, org_id, (auth) =>
    kind === 'customer' ? provider.listCustomers(auth) : provider.listVendors(auth),
  );
  const party = parties.find((candidate) => candidate.Id === chosen.Id);
  if (!party) throw new AppError('validation_error', `Choose a ${kind} from the list`, { field: FIELDS[kind] });
  return { Id: party.Id, DisplayName: party.DisplayName };
}
