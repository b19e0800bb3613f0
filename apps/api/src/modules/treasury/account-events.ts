import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { financialAccounts, treasuryTransactions, type ProviderEvent } from '../../db/schema/index.ts';
import { publishDomainEvent, type HandlerUnit, type ProviderEventOutcome } from '../../events/dispatcher.ts';
import { newId } from '../../lib/ids.ts';
import { arrivedMoneyEntries, findLedgerAccounts, postTransfer } from '../ledger/index.ts';

const MEMOS: Record<string, string> = { ach: 'ACH credit received', us_domestic_wire: 'Wire received', stripe: 'Transfer received' };

/**
 * Money arrived at the wallet's own account numbers (someone's ACH credit or wire): a succeeded
 * received_credit transaction and its posting, outside -> available. The provider's credit id
 * makes it once (the provider may report one credit in two events); the posting is keyed by it too.
 * Answers whether the wallet was credited now.
 */
export async function applyReceivedCredit(
  unit: HandlerUnit,
  event: ProviderEvent,
  now: Date,
): Promise<{ credited: boolean; outcome: ProviderEventOutcome }> {
  const { tx } = unit;
  const amount = Number(event.data.amount);
  if (!Number.isSafeInteger(amount) || amount <= 0) return { credited: false, outcome: undefined };
  const [account] = await tx.select({ id: financialAccounts.id }).from(financialAccounts).where(eq(financialAccounts.org_id, event.org_id));
  if (!account) return { credited: false, outcome: 'retry_later' };
  const [row] = await tx
    .insert(treasuryTransactions)
    .values({
      id: newId(),
      org_id: event.org_id,
      financial_account_id: account.id,
      provider_id: event.object_id,
      flow_type: 'received_credit',
      status: 'succeeded',
      amount,
      memo: MEMOS[event.data.network ?? ''] ?? 'Credit received',
      created_at: now,
      posted_at: now,
    })
    .onConflictDoNothing({ target: treasuryTransactions.provider_id })
    .returning();
  if (!row) return { credited: false, outcome: undefined };
  const ledger = await findLedgerAccounts(tx, event.org_id, { lock: true });
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `received_credit:${event.object_id}`,
    type: 'received_credit',
    metadata: { treasury_transaction_id: row.id },
    entries: arrivedMoneyEntries(ledger, { amount, fee: 0 }),
  });
  await publishDomainEvent(unit, { org_id: event.org_id, type: 'bank.funds_arrived', data: { id: row.id, amount } });
  return { credited: true, outcome: undefined };
}

/** The financial account's own numbers, once the provider's address feature is active (kept sealed; set once). */
export async function applyAddressReady(tx: Tx, event: ProviderEvent): Promise<ProviderEventOutcome> {
  const sealed = event.data.account_number_sealed;
  const routing = event.data.routing_number;
  if (!sealed || !routing) return;
  const [account] = await tx
    .select({ id: financialAccounts.id })
    .from(financialAccounts)
    .where(and(eq(financialAccounts.org_id, event.org_id), eq(financialAccounts.provider_account_id, event.object_id)));
  if (!account) return 'retry_later';
  await tx
    .update(financialAccounts)
    .set({ account_number_encrypted: sealed, account_last4: event.data.account_last4 ?? null, routing_number: routing })
    .where(and(eq(financialAccounts.id, account.id), isNull(financialAccounts.account_number_encrypted)));
}
