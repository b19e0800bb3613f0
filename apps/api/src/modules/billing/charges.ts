import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { billingPeriod, followingBillingDate, utcDay } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { billingCharges, orgs, type BillingCharge, type Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { findFeeRule } from '../fees/index.ts';
import { ensureLedgerAccounts } from '../ledger/index.ts';
import { postTransfer } from '../ledger/index.ts';
import { recordFeeTransfer } from '../platform-fees/index.ts';
import { inUnit, publishDomainEvent, type HandlerUnit } from '../../events/dispatcher.ts';
import { recordWalletDebit } from './wallet-record.ts';

/** The ledger transfer type of a monthly charge; collected fees read it back. */
export const MONTHLY_FEE_TRANSFER_TYPE = 'billing_monthly_fee';

const monthName = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Locks the organisation row: every billing step of one organisation runs one at a time. */
async function lockOrg(tx: Tx, orgId: string): Promise<Org | undefined> {
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId)).for('update');
  return org;
}

/**
 * A scheduled downgrade or cancel, on its billing date: the period paid for is over, so the
 * organisation moves to the free plan and that date is not charged. Charges still owed stay owed.
 */
async function endPremium(tx: Tx, org: Org): Promise<void> {
  await tx
    .update(orgs)
    .set({ billing_plan: 'free', billing_date: null, billing_started_at: null, billing_scheduled_change: null })
    .where(eq(orgs.id, org.id));
}

/**
 * Records the charge of every billing date that has come (one per month; several if the job was
 * away), moving the billing date on. The (org, month) unique key makes a repeat insert nothing.
 */
async function recordDueCharges(tx: Tx, org: Org, today: string): Promise<void> {
  let billingDate = org.billing_date;
  if (org.billing_plan !== 'standard' || billingDate === null || billingDate > today) return;
  if (org.billing_scheduled_change !== null) return endPremium(tx, org);
  const rule = await findFeeRule(tx, org.id, 'monthly_fee');
  // The plan's price is a flat monthly amount; a percentage of nothing adds nothing.
  const amount = rule.cap === null ? rule.flat_rate : Math.min(rule.flat_rate, rule.cap);
  while (billingDate <= today) {
    await tx
      .insert(billingCharges)
      .values({ id: newId(), org_id: org.id, period: billingPeriod(billingDate), billing_date: billingDate, amount })
      .onConflictDoNothing();
    billingDate = followingBillingDate(billingDate);
  }
  await tx.update(orgs).set({ billing_date: billingDate }).where(eq(orgs.id, org.id));
}

/**
 * Takes one owed charge from the wallet: available -> the fee account, keyed
 * `billing:{org}:{YYYY-MM}`. In a savepoint, so a wallet that cannot cover it leaves the rest of
 * the transaction intact; answers whether it was paid.
 */
async function collectCharge(tx: Tx, charge: BillingCharge, now: Date): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      let transferId: string | null = null;
      if (charge.amount > 0) {
        const accounts = await ensureLedgerAccounts(savepoint, charge.org_id);
        const memo = `Premium plan, ${monthName(charge.period)}`;
        const transfer = await postTransfer(savepoint, {
          org_id: charge.org_id,
          key: `billing:${charge.org_id}:${charge.period}`,
          type: MONTHLY_FEE_TRANSFER_TYPE,
          memo,
          // occurred_at: the sandbox time of the charge, which Collected Fees shows as its transaction time.
          metadata: { billing_charge_id: charge.id, period: charge.period, occurred_at: now.toISOString() },
          entries: [
            { account_id: accounts.wallet_available.id, amount: -charge.amount },
            { account_id: accounts.fees.id, amount: charge.amount },
          ],
        });
        transferId = transfer.id;
        await recordWalletDebit(savepoint, charge, { memo, now, ledger_transfer_id: transfer.id });
        // The plan's price moves from the organisation's financial account to the platform's.
        await recordFeeTransfer(savepoint, {
          org_id: charge.org_id,
          direction: 'collect',
          amount: charge.amount,
          ledger_transfer_id: transfer.id,
          description: memo,
        });
      }
      await savepoint
        .update(billingCharges)
        .set({ status: 'paid', ledger_transfer_id: transferId, paid_at: now })
        .where(and(eq(billingCharges.id, charge.id), eq(billingCharges.status, 'owed')));
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') return false;
    throw error;
  }
}

/**
 * Collects what the organisation owes, oldest month first, in the caller's transaction (which
 * holds the organisation's lock). Delinquent while a charge stays owed; active again once all are
 * paid. Each change of state is told to the organisation.
 */
async function collectOwed(unit: HandlerUnit, org: Org, now: Date): Promise<void> {
  const { tx } = unit;
  const owed = await tx
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.org_id, org.id), eq(billingCharges.status, 'owed')))
    .orderBy(asc(billingCharges.period));
  let isCovered = true;
  for (const charge of owed) {
    // Months are paid in order: a later month is not taken while an earlier one stays owed.
    if (!(await collectCharge(tx, charge, now))) {
      isCovered = false;
      break;
    }
    if (charge.amount > 0) {
      await publishDomainEvent(unit, {
        org_id: org.id,
        type: 'billing.plan_charged',
        data: { charge_id: charge.id, amount: charge.amount, period: charge.period },
      });
    }
  }
  const status = isCovered ? 'active' : 'delinquent';
  if (status === org.billing_status) return;
  await tx.update(orgs).set({ billing_status: status }).where(eq(orgs.id, org.id));
  // The bell and member emails follow from these events (modules/notifications).
  await publishDomainEvent(unit, { org_id: org.id, type: status === 'delinquent' ? 'billing.delinquent' : 'billing.reinstated', data: {} });
}

/** One organisation's billing: record the months that came due, then collect what is owed. */
async function billOrg(deps: AppDeps, orgId: string): Promise<void> {
  await inUnit(deps, async (unit) => {
    const { tx } = unit;
    const org = await lockOrg(tx, orgId);
    if (!org) return;
    const now = await sandboxNow(tx);
    await recordDueCharges(tx, org, utcDay(now));
    const [current] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
    await collectOwed(unit, current!, now);
  });
}

/**
 * Funds arrived in the organisation's wallet (an inbound transfer settled, a sandbox load): take
 * what it owes and lift the delinquency. Called after the money's own transaction committed.
 */
export async function collectOwedBilling(deps: AppDeps, orgId: string): Promise<void> {
  const [owes] = await deps.db
    .select({ id: billingCharges.id })
    .from(billingCharges)
    .where(and(eq(billingCharges.org_id, orgId), eq(billingCharges.status, 'owed')))
    .limit(1);
  if (owes) await billOrg(deps, orgId);
}

/**
 * The billing job: every standard organisation whose billing date has come on the sandbox clock,
 * and every organisation still owing a charge. Safe to run on several workers at once and to
 * retry: each organisation is billed under its row lock and each month has one charge.
 */
export async function runMonthlyBilling(deps: AppDeps): Promise<number> {
  const today = utcDay(await sandboxNow(deps.db));
  const due = await deps.db.execute<{ id: string }>(sql`
    SELECT id FROM ${orgs} WHERE ${orgs.billing_plan} = 'standard' AND ${lte(orgs.billing_date, today)}
    UNION
    SELECT DISTINCT ${billingCharges.org_id} FROM ${billingCharges} WHERE ${billingCharges.status} = 'owed'`);
  for (const { id } of due.rows) await billOrg(deps, id);
  return due.rows.length;
}
