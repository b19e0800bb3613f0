import type { PortalTodoItem } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import type { PortalRecords, PortalScope } from './scope.ts';

/** What another feature adds to the portal home: its counts and its to-do items. */
export type PortalContribution = { contracts?: number; invoices?: number; todos?: PortalTodoItem[] };
export type PortalContributor = (tx: DbOrTx, options: { scope: PortalScope; records: PortalRecords }) => Promise<PortalContribution>;

const contributors = new Map<string, PortalContributor>();

/**
 * Contracts (Unsigned Contract to-dos, the Contracts count) and invoices (Unpaid Invoice, the
 * invoices count) live in their own modules; each registers here once at start (events/wiring.ts),
 * so the portal imports neither. Registering the same name again replaces it.
 */
export function registerPortalContributor(name: string, contributor: PortalContributor): void {
  contributors.set(name, contributor);
}

export async function collectContributions(
  tx: DbOrTx,
  options: { scope: PortalScope; records: PortalRecords },
): Promise<PortalContribution[]> {
  return Promise.all([...contributors.values()].map((contributor) => contributor(tx, options)));
}
