import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { financialAccounts, treasuryTransactions } from '../../db/schema/index.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { feeRefundsInFlight } from '../invoices/index.ts';
import { findBalances } from '../ledger/index.ts';
import { feesInFlight } from '../platform-fees/index.ts';
import { inUnit, publishDomainEvent } from '../../events/dispatcher.ts';

/** ACH settles within a few business days: a movement still processing after this long is looked up at the provider. */
export const PROCESSING_WINDOW_MS = 5 * 86_400_000;

export type ProviderProblem =
  | {
      kind: 'wallet_out_of_step';
      org_id: string;
      ledger_wallet: number;
      fees_in_flight: number;
      provider_cash: number;
      provider_outbound_pending: number;
      provider_payments: number;
    }
  | { kind: 'stale_processing'; org_id: string; transaction_id: string; provider_id: string; provider_status: string }
  | { kind: 'provider_unreachable'; org_id: string; code: string };

type CheckDeps = Pick<AppDeps, 'config' | 'db' | 'secrets'>;

/**
 * The wallet of one organisation against its account at the provider (docs/money-flows.md). The
 * ledger counts money in when the provider settles it (so the provider's inbound_pending is left
 * out), and keeps money going out held until it is paid (so it is in the provider's cash or
 * outbound_pending until then). Invoice payments are the organisation's from their charge on,
 * in its payments balance until their payout; what a dispute took beyond the wallet is owed
 * (receivable). Fees booked but not moved yet are still in the organisation's account at the
 * provider; fees refunded in the books but not given back yet (Treasury or application fees) are not:
 * wallet_available + wallet_held + receivable + fees to collect - fees to refund = cash + outbound_pending + payments.
 */
async function checkWallet(deps: CheckDeps, orgId: string): Promise<ProviderProblem[]> {
  const balance = await bankingProvider(deps).balanceOf(orgId);
  if (!balance) return [];
  const ledger = await findBalances(deps.db, orgId, ['wallet_available', 'wallet_held', 'receivable']);
  const fees = await feesInFlight(deps.db, orgId);
  const feesInFlightTotal = fees.collect - fees.refund - (await feeRefundsInFlight(deps.db, orgId));
  const ledgerWallet = ledger.wallet_available! + ledger.wallet_held! + ledger.receivable!;
  if (ledgerWallet + feesInFlightTotal === balance.cash + balance.outbound_pending + balance.payments) return [];
  return [
    {
      kind: 'wallet_out_of_step',
      org_id: orgId,
      ledger_wallet: ledgerWallet,
      fees_in_flight: feesInFlightTotal,
      provider_cash: balance.cash,
      provider_outbound_pending: balance.outbound_pending,
      provider_payments: balance.payments,
    },
  ];
}

/** Our movements processing for longer than the provider's window: the provider's status says whether an event was missed. */
async function checkStale(deps: CheckDeps, orgId: string, now: Date): Promise<ProviderProblem[]> {
  const stale = await deps.db
    .select({ id: treasuryTransactions.id, provider_id: treasuryTransactions.provider_id })
    .from(treasuryTransactions)
    .where(
      and(
        eq(treasuryTransactions.org_id, orgId),
        eq(treasuryTransactions.status, 'processing'),
        isNotNull(treasuryTransactions.provider_id),
        lt(treasuryTransactions.created_at, new Date(now.getTime() - PROCESSING_WINDOW_MS)),
      ),
    );
  const problems: ProviderProblem[] = [];
  for (const row of stale) {
    const status = await bankingProvider(deps).movementStatus({ org_id: orgId, provider_id: row.provider_id! });
    if (status && status !== 'processing')
      problems.push({
        kind: 'stale_processing',
        org_id: orgId,
        transaction_id: row.id,
        provider_id: row.provider_id!,
        provider_status: status,
      });
  }
  return problems;
}

/**
 * The provider check of the books (`npm run reconcile`, the daily provider-check job): for every
 * organisation with a financial account at the provider, its wallet equals the provider's
 * balance, and its movements processing past the provider's window are still processing there.
 * Only outside the sandbox (the sandbox's balance is the ledger itself). It never changes the books.
 */
export async function providerCheck(
  deps: CheckDeps,
  options: { now?: Date } = {},
): Promise<{ checked: number; problems: ProviderProblem[] }> {
  if (deps.config.isSandbox) return { checked: 0, problems: [] };
  const now = options.now ?? new Date();
  const accounts = await deps.db
    .select({ org_id: financialAccounts.org_id })
    .from(financialAccounts)
    .where(isNotNull(financialAccounts.provider_connected_account_id));
  const problems: ProviderProblem[] = [];
  for (const { org_id: orgId } of accounts) {
    try {
      problems.push(...(await checkWallet(deps, orgId)), ...(await checkStale(deps, orgId, now)));
    } catch (error) {
      problems.push({ kind: 'provider_unreachable', org_id: orgId, code: error instanceof ProviderCallError ? error.code : 'unexpected' });
    }
  }
  return { checked: accounts.length, problems };
}

/**
 * Reports what the check found: a line at error level per problem (ids and cents, no personal
 * data) and, once per organisation, a notification to its members. Nothing is corrected here:
 * a difference is for a person to look into (a missed event is applied by the missed-events job).
 */
export async function reportProviderProblems(deps: AppDeps, problems: ProviderProblem[]): Promise<void> {
  for (const problem of problems) console.error('[provider-check] the books differ from the provider', JSON.stringify(problem));
  const orgIds = new Set(problems.filter((problem) => problem.kind !== 'provider_unreachable').map((problem) => problem.org_id));
  for (const orgId of orgIds)
    await inUnit(deps, (unit) => publishDomainEvent(unit, { org_id: orgId, type: 'wallet.out_of_step', data: {} }));
}
