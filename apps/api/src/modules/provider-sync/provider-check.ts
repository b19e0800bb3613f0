import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { financialAccounts, niumAccounts, treasuryTransactions } from '../../db/schema/index.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { feeRefundsInFlight } from '../invoices/index.ts';
import { findBalances } from '../ledger/index.ts';
import { niumWalletCheck } from '../nium/index.ts';
import { feesInFlight } from '../platform-fees/index.ts';
import { inUnit, publishDomainEvent } from '../../events/dispatcher.ts';

/** ACH settles within a few business days: a movement still processing after this long is looked up at the provider. */
const PROCESSING_WINDOW_MS = 5 * 86_400_000;

export type ProviderProblem =
  | {
      kind: 'wallet_out_of_step';
      org_id: string;
      ledger_wallet: number;
      fees_in_flight: number;
      provider_cash: number;
      provider_outbound_pending: number;
      provider_payments: number;
      provider_in_transit: number;
    }
  /** The wallet lets the organisation spend more than its financial account holds in cash (docs/money-flows.md, "Places"). */
  | { kind: 'spendable_exceeds_cash'; org_id: string; ledger_spendable: number; provider_cash: number }
  /** Payouts of the payments balance on their way to the financial account: the ledger's and Stripe's differ. */
  | { kind: 'in_transit_out_of_step'; org_id: string; ledger_in_transit: number; provider_in_transit: number }
  /** The Nium wallet in one currency: what the books say it holds (available + held) is not what Nium says. */
  | { kind: 'nium_wallet_out_of_step'; org_id: string; currency: string; ledger_nium: number; provider_nium: number }
  | { kind: 'stale_processing'; org_id: string; transaction_id: string; provider_id: string; provider_status: string }
  | { kind: 'provider_unreachable'; org_id: string; code: string };

type CheckDeps = Pick<AppDeps, 'config' | 'db' | 'secrets' | 'kernel'>;

/**
 * The wallet of one organisation against its account at the provider, place by place
 * (docs/money-flows.md, "Places"):
 * - spendable: what the wallet lets the organisation spend (available, and frozen until the owner
 *   looks), plus Crewpay's fees still to collect, less Treasury fee refunds still to come, is in
 *   the financial account's cash;
 * - in transit: the payouts of the payments balance on their way equal Stripe's;
 * - all of it: every place of the ledger (available, held, frozen, payments balance, in transit,
 *   less what is owed) plus fees booked not moved yet less fee refunds not given back yet equals
 *   cash + outbound_pending + payments balance + in transit. The payments balance and the
 *   financial account are compared together there: Stripe takes refunds and disputes from the
 *   payments balance and nets them in its next payout, while the ledger takes them from what the
 *   wallet can spend at once (the safe side), so those two places may differ by them until then.
 * The ledger counts money in when the provider settles it (inbound_pending is left out).
 */
async function checkWallet(deps: CheckDeps, orgId: string): Promise<ProviderProblem[]> {
  const balance = await bankingProvider(deps).balanceOf(orgId);
  if (!balance) return [];
  const ledger = await findBalances(deps.db, orgId, [
    'wallet_available',
    'wallet_held',
    'wallet_frozen',
    'receivable',
    'payments_balance',
    'payouts_in_transit',
  ]);
  const fees = await feesInFlight(deps.db, orgId);
  const feesInFlightTotal = fees.collect - fees.refund - (await feeRefundsInFlight(deps.db, orgId));
  const problems: ProviderProblem[] = [];
  const spendable = ledger.wallet_available! + ledger.wallet_frozen!;
  if (spendable + fees.collect - fees.refund > balance.cash)
    problems.push({ kind: 'spendable_exceeds_cash', org_id: orgId, ledger_spendable: spendable, provider_cash: balance.cash });
  if (ledger.payouts_in_transit !== balance.in_transit)
    problems.push({
      kind: 'in_transit_out_of_step',
      org_id: orgId,
      ledger_in_transit: ledger.payouts_in_transit!,
      provider_in_transit: balance.in_transit,
    });
  const ledgerWallet =
    ledger.wallet_available! +
    ledger.wallet_held! +
    ledger.wallet_frozen! +
    ledger.receivable! +
    ledger.payments_balance! +
    ledger.payouts_in_transit!;
  if (ledgerWallet + feesInFlightTotal !== balance.cash + balance.outbound_pending + balance.payments + balance.in_transit)
    problems.push({
      kind: 'wallet_out_of_step',
      org_id: orgId,
      ledger_wallet: ledgerWallet,
      fees_in_flight: feesInFlightTotal,
      provider_cash: balance.cash,
      provider_outbound_pending: balance.outbound_pending,
      provider_payments: balance.payments,
      provider_in_transit: balance.in_transit,
    });
  return problems;
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

/** The organisation's Nium wallet, currency by currency, against Nium's (niumWalletCheck: available + held beside Nium's balance). */
async function checkNiumWallet(deps: CheckDeps, orgId: string): Promise<ProviderProblem[]> {
  const currencies = await niumWalletCheck(deps, orgId);
  return currencies
    .filter((entry) => entry.books !== entry.nium)
    .map((entry) => ({
      kind: 'nium_wallet_out_of_step' as const,
      org_id: orgId,
      currency: entry.currency,
      ledger_nium: entry.books,
      provider_nium: entry.nium,
    }));
}

/**
 * The provider check of the books (`npm run reconcile`, the daily provider-check job): for every
 * organisation with a financial account at the provider, its wallet equals the provider's
 * balance, and its movements processing past the provider's window are still processing there;
 * for every organisation with a Nium wallet, that wallet equals Nium's in each currency.
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
  const abroad = await deps.db.select({ org_id: niumAccounts.org_id }).from(niumAccounts);
  for (const { org_id: orgId } of abroad) {
    try {
      problems.push(...(await checkNiumWallet(deps, orgId)));
    } catch (error) {
      problems.push({ kind: 'provider_unreachable', org_id: orgId, code: error instanceof ProviderCallError ? error.code : 'unexpected' });
    }
  }
  return { checked: accounts.length + abroad.length, problems };
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
