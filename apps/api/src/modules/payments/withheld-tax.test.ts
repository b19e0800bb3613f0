import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignProfit } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg, executeNew } from '../../../test/approval-fixtures.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow, walletBalance } from '../../../test/payment-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { reconcilePayments } from './reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const BANK = { account_number: '000123456789', routing_number: '110000000' };
const FAILING_BANK = { account_number: '000111111116', routing_number: '110000000' };
// 24% of $100.00.
const EARNINGS = 10_000;
const WITHHELD = 2_400;

/** The balances of the organisation's ledger accounts by kind, and each transfer type's entries on tax owed. */
async function books(orgId: string) {
  const accounts = await ctx.deps.db.execute<{ kind: string; balance: string }>(
    sql`SELECT kind, balance::text FROM ledger_accounts WHERE org_id = ${orgId} AND currency = 'usd'`,
  );
  const taxEntries = await ctx.deps.db.execute<{ type: string; kind: string; amount: string }>(sql`
    SELECT t.type, a.kind, e.amount::text FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.org_id = ${orgId} AND t.type IN ('tax_withheld', 'tax_released') ORDER BY t.created_at, a.kind`);
  const balance = Object.fromEntries(accounts.rows.map((row) => [row.kind, Number(row.balance)]));
  return { balance, taxEntries: taxEntries.rows.map((row) => ({ ...row, amount: Number(row.amount) })) };
}

async function withholdingOwner(): Promise<Awaited<ReturnType<typeof fundedOwner>>> {
  const owner = await fundedOwner(ctx.app, 100_000);
  expect((await inject('PUT', '/v1/taxes/backup_withholding', owner.headers, { enabled: true })).statusCode).toBe(200);
  return owner;
}

async function execute(headers: Headers, ids: string[]) {
  const executed = await inject('PUT', '/v1/payments/initiate', headers, { ids });
  expect(executed.statusCode, executed.body).toBe(200);
}

describe('backup withholding in the ledger and the campaign margin', () => {
  it('books the 24% withheld as tax owed (a liability out of the spendable wallet), never income, and leaves it out of the margin', async () => {
    const owner = await withholdingOwner();
    const campaign = await addCampaign(ctx.app, owner.headers, { deal_size: 50_000 });
    const payee = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(payee.id, EARNINGS, { payment_group_id: campaign.id })]);
    // The Execute dialog's preview says what will be kept back and what the payee receives.
    const preview = await inject('POST', '/v1/payments/initiate/preview', owner.headers, { ids: [draft!.id] });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().backup_withholding).toEqual({ rate: 24, count: 1, withheld: WITHHELD, receives: EARNINGS - WITHHELD });
    // The dialog's headline figures: the amount is what the payee receives; Execute holds what the preview said.
    const { amount, fees } = preview.json<{ amount: number; fees: number }>();
    expect(amount).toBe(EARNINGS - WITHHELD);
    const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json().held).toBe(amount + fees);
    await advanceClock(ctx.app, 61);

    const payment = (await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json();
    expect(payment).toMatchObject({ status: 'succeeded', amount: EARNINGS - WITHHELD, federal_withholdings: WITHHELD });
    const { balance, taxEntries } = await books(owner.org.id);
    // One transfer, from what the wallet can spend to tax owed; nothing to the outside or the fees (not income, not paid out).
    expect(taxEntries).toEqual([
      { type: 'tax_withheld', kind: 'tax_owed', amount: WITHHELD },
      { type: 'tax_withheld', kind: 'wallet_available', amount: -WITHHELD },
    ]);
    expect(balance.tax_owed).toBe(WITHHELD);
    // The wallet can spend what is left after the payee's amount, the fee and the IRS's share.
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000 - payment.amount - payment.fee - WITHHELD);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);

    const profit = (await inject('GET', `/v1/campaigns/${campaign.id}/profit`, owner.headers)).json<CampaignProfit>();
    expect(profit).toMatchObject({ collected: 0, paid_out: EARNINGS - WITHHELD, withheld_tax: WITHHELD, fees: payment.fee });
    // The withheld tax is a cost of the campaign: the margin is what was collected less everything the payee's earnings cost.
    expect(profit.margin).toBe(0 - EARNINGS - payment.fee);
    expect(profit.months.reduce((sum, month) => sum + month.margin, 0)).toBe(profit.margin);
    // The payee's paid email says what was withheld, what they receive, and why.
    const emails = await ctx.deps.db.execute<{ text: string }>(
      sql`SELECT text FROM emails WHERE "to" = ${payee.email} AND subject LIKE 'You''ve been paid%'`,
    );
    expect(emails.rows).toHaveLength(1);
    expect(emails.rows[0]!.text).toContain('24% backup withholding: $24.00 withheld, you receive $76.00');
    expect(emails.rows[0]!.text).toContain('No W-9 was on file');
    const report = (await inject('GET', '/v1/reports/campaigns', owner.headers)).json();
    expect(report.data.find((row: { id: string }) => row.id === campaign.id)).toMatchObject({
      withheld_tax: WITHHELD,
      margin: profit.margin,
    });
  });

  it('gives the withheld tax back to the wallet when the payout fails: nothing was paid, nothing is owed', async () => {
    const owner = await withholdingOwner();
    const payee = await addCreator(ctx.app, owner.headers, FAILING_BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(payee.id, EARNINGS)]);
    await execute(owner.headers, [draft!.id]);
    expect((await books(owner.org.id)).balance.tax_owed).toBe(WITHHELD);
    await advanceClock(ctx.app, 61);
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('failed');
    const { balance, taxEntries } = await books(owner.org.id);
    expect(balance.tax_owed).toBe(0);
    expect(taxEntries.filter((entry) => entry.type === 'tax_released')).toEqual([
      { type: 'tax_released', kind: 'tax_owed', amount: -WITHHELD },
      { type: 'tax_released', kind: 'wallet_available', amount: WITHHELD },
    ]);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('refuses the execution, moving nothing, when the wallet cannot also keep the tax back', async () => {
    const owner = await withholdingOwner();
    const payee = await addCreator(ctx.app, owner.headers, BANK);
    // $1,200 of earnings: the $912 paid (and its fee) fit in the $1,000 wallet, the $288 of tax on top does not.
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(payee.id, 120_000)]);
    const refused = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('backup withholding');
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json()).toMatchObject({ status: 'draft' });
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000);
  });
});

describe('backup withholding returned when an executed payment ends unsent', () => {
  const returns = (entries: { type: string }[]) => entries.filter((entry) => entry.type === 'tax_released');
  const booksProven = async () => {
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
    expect((await reconcilePayments(ctx.deps.db)).problems).toEqual([]);
  };
  /** The payment as its payee's row shows it: nothing withheld, no backup withholding record. */
  async function expectNothingWithheld(headers: Headers, id: string) {
    const payment = (await inject('GET', `/v1/payments/${id}`, headers)).json();
    expect(payment).toMatchObject({ status: 'canceled', federal_withholdings: 0 });
    const record = await inject('GET', `/v1/payments/${id}/backup_withholding`, headers);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toBeNull();
  }

  it('returns the tax when an approver rejects the payment, once, even when two reject at the same moment', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    expect((await inject('PUT', '/v1/taxes/backup_withholding', owner.headers, { enabled: true })).statusCode).toBe(200);
    const before = (await books(owner.org.id)).balance;
    const { drafts, answer } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [EARNINGS]);
    expect(answer.awaiting_approval).toBe(1);
    const id = drafts[0]!.id;
    expect((await books(owner.org.id)).balance.tax_owed).toBe(WITHHELD);
    expect((await inject('GET', `/v1/payments/${id}`, owner.headers)).json().federal_withholdings).toBe(WITHHELD);

    const decisions = await Promise.all(
      [owner.headers, second.headers].map((headers) => inject('POST', `/v1/approvals/${id}/reject`, headers, { reason: 'Wrong payee' })),
    );
    expect(decisions.map((decision) => decision.statusCode).sort()).toEqual([200, 409]);
    // A repeated rejection is refused and moves nothing.
    expect((await inject('POST', `/v1/approvals/${id}/reject`, second.headers, { reason: 'again' })).statusCode).toBe(409);

    const { balance, taxEntries } = await books(owner.org.id);
    expect(balance.tax_owed).toBe(before.tax_owed ?? 0);
    expect(balance.wallet_available).toBe(before.wallet_available);
    expect(returns(taxEntries)).toEqual([
      { type: 'tax_released', kind: 'tax_owed', amount: -WITHHELD },
      { type: 'tax_released', kind: 'wallet_available', amount: WITHHELD },
    ]);
    await expectNothingWithheld(owner.headers, id);
    await booksProven();
  });

  it('returns the tax when a payment awaiting input is deleted, once, even when it is deleted twice at the same moment', async () => {
    const owner = await withholdingOwner();
    // No payout details: executed, held and awaiting input.
    const payee = await addCreator(ctx.app, owner.headers);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(payee.id, EARNINGS)]);
    await execute(owner.headers, [draft!.id]);
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json()).toMatchObject({
      status: 'requires_info',
      federal_withholdings: WITHHELD,
    });
    expect((await books(owner.org.id)).balance.tax_owed).toBe(WITHHELD);

    const deletions = await Promise.all([1, 2].map(() => inject('DELETE', '/v1/payments', owner.headers, { ids: [draft!.id] })));
    expect(deletions.map((deletion) => deletion.statusCode).sort()).toEqual([200, 404]);

    const { balance, taxEntries } = await books(owner.org.id);
    expect(balance.tax_owed).toBe(0);
    expect(returns(taxEntries)).toHaveLength(2);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000);
    const [row] = (
      await ctx.deps.db.execute<{ federal_withholdings: number; records: string }>(
        sql`SELECT federal_withholdings, (SELECT count(*) FROM backup_withholdings WHERE payment_id = ${draft!.id})::text AS records FROM payments WHERE id = ${draft!.id}`,
      )
    ).rows;
    expect(row).toEqual({ federal_withholdings: 0, records: '0' });
    await booksProven();
  });
});
