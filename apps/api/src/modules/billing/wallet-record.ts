import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { financialAccounts, treasuryTransactions, type BillingCharge } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/**
 * The charge as the banking provider shows it: a debit of the organisation's financial account
 * (a Treasury ReceivedDebit), so the wallet's transaction list explains the balance. Keyed by
 * organisation and month like the ledger transfer; written in the charge's savepoint. The
 * treasury module calls billing (funds arrived), so billing writes this row through the shared
 * schema rather than importing treasury back.
 */
export async function recordWalletDebit(
  tx: Tx,
  charge: BillingCharge,
  options: { memo: string; now: Date; ledger_transfer_id: string },
): Promise<void> {
  const [account] = await tx
    .select({ id: financialAccounts.id })
    .from(financialAccounts)
    .where(eq(financialAccounts.org_id, charge.org_id));
  // Without a financial account the wallet holds nothing: no charge could have been collected.
  if (!account) return;
  await tx
    .insert(treasuryTransactions)
    .values({
      id: newId(),
      org_id: charge.org_id,
      financial_account_id: account.id,
      provider_id: `rd_billing_${charge.org_id.replaceAll('-', '')}_${charge.period}`,
      flow_type: 'received_debit',
      status: 'succeeded',
      amount: -charge.amount,
      memo: options.memo,
      counterparty_name: 'Crewpay',
      metadata: { billing_charge_id: charge.id, ledger_transfer_id: options.ledger_transfer_id },
      created_at: options.now,
      posted_at: options.now,
    })
    .onConflictDoNothing({ target: treasuryTransactions.provider_id });
}
