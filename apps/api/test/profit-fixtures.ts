import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './context.ts';
import { addCreator } from './fixtures.ts';
import { addCampaign, addCustomer } from './campaign-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from './invoice-fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from './payment-fixtures.ts';
import { advanceClock } from './wallet-fixtures.ts';
import { runDueProviderCalls } from '../src/modules/provider-calls/index.ts';

type Headers = Record<string, string>;
const SUCCEEDS = '4242424242424242';
const DISPUTED = '4000000000000259';

async function paidInvoice(ctx: TestContext, headers: Headers, amount: number, options: { campaignId?: string; card?: string } = {}) {
  const customer = await addCustomer(ctx.app, headers);
  const invoice = await sendInvoice(ctx.app, headers, { customer_id: customer.id, amount, payment_group_id: options.campaignId });
  const paid = await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, options.card ?? SUCCEEDS));
  expect(paid.statusCode, paid.body).toBe(200);
  return invoice;
}

/**
 * An organisation funded with 100,000 cents, whose campaign (deal size 50,000) has an invoice of
 * 30,000 paid by card and 2,500 of it refunded, an invoice of 5,000 paid by a card that is
 * disputed, and two payouts paid (12,000 and 8,000 in earnings); beside it, an invoice of 7,000
 * paid outside any campaign. The sandbox processor settles everything (a day passed).
 * Needs a context created with SANDBOX_ACH_DELAY_SECONDS=60.
 */
export async function campaignWithMoney(ctx: TestContext) {
  const inject = injector(ctx.app);
  const owner = await fundedOwner(ctx.app, 100_000);
  const campaign = await addCampaign(ctx.app, owner.headers, { deal_size: 50_000 });
  const invoice = await paidInvoice(ctx, owner.headers, 30_000, { campaignId: campaign.id });
  const disputed = await paidInvoice(ctx, owner.headers, 5_000, { campaignId: campaign.id, card: DISPUTED });
  const other = await paidInvoice(ctx, owner.headers, 7_000);
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  const drafts = await createDrafts(ctx.app, owner.headers, [
    paymentRow(creator.id, 12_000, { payment_group_id: campaign.id }),
    paymentRow(creator.id, 8_000, { payment_group_id: campaign.id }),
  ]);
  const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: drafts.map((draft) => draft.id) });
  expect(executed.statusCode, executed.body).toBe(200);
  const refund = await inject('POST', `/v1/invoices/${invoice.id}/refunds`, owner.headers, { amount: 2_500 });
  expect(refund.statusCode, refund.body).toBe(200);
  // A day and a minute: the dispute opens a day after the charge and its funds leave a second
  // later, so exactly a day would leave the withdrawal due or not by how fast this ran.
  expect((await advanceClock(ctx.app, 86_460)).statusCode).toBe(200);
  await runDueProviderCalls(ctx.deps);
  return { owner, campaign, invoices: [invoice, disputed], other, payments: drafts };
}

/**
 * The ledger's own sums over the transfers that name these invoices or payments: what left to
 * the outside (signed, by transfer type) and what the fees account took.
 */
export async function ledgerSumsOf(ctx: TestContext, orgId: string, ids: string[]) {
  const idList = `{${ids.join(',')}}`;
  const result = await ctx.deps.db.execute<{ type: string; kind: string; total: string }>(sql`
    SELECT t.type, a.kind, sum(e.amount)::text AS total
    FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.org_id = ${orgId} AND (t.metadata->>'invoice_id' = ANY(${idList}::text[]) OR t.metadata->>'payment_id' = ANY(${idList}::text[]))
    GROUP BY t.type, a.kind`);
  const sum = (filter: (row: { type: string; kind: string }) => boolean) =>
    result.rows.filter(filter).reduce((total, row) => total + Number(row.total), 0);
  return {
    outside: (types: string[]) => sum((row) => row.kind === 'outside_bank' && types.includes(row.type)),
    fees: sum((row) => row.kind === 'fees'),
    types: [...new Set(result.rows.map((row) => row.type))],
  };
}
