import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents, type SearchResult } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign, addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { sendContract } from '../../../test/contract-fixtures.ts';
import { addCreator, uniqueEmail } from '../../../test/fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { createDrafts, fundedOwner, paymentRow } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;

async function search(headers: Headers, q: string): Promise<SearchResult[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/v1/search?q=${encodeURIComponent(q)}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: SearchResult[] }>().results;
}

const ids = (results: SearchResult[], kind: SearchResult['kind']) => results.filter((row) => row.kind === kind).map((row) => row.id);

/** An organisation with one of each kind, all named after `word`, and a payment and an invoice of `cents`. */
async function world(word: string, cents: number) {
  const owner = await fundedOwner(ctx.app, 0);
  const creator = await addCreator(ctx.app, owner.headers, {
    first_name: word,
    last_name: 'Creator',
    email: uniqueEmail(word.toLowerCase()),
  });
  const [payment] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, cents)]);
  const customer = await addCustomer(ctx.app, owner.headers, { name: `${word} Brand` });
  const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: cents, title: `${word} invoice` });
  const campaign = await addCampaign(ctx.app, owner.headers, { title: `${word} campaign`, customer_id: customer.id });
  const contract = await sendContract(ctx.app, owner.headers, creator.id, { title: `${word} agreement` });
  return { owner, creator, payment: payment!, invoice, campaign, contract };
}

describe('GET /v1/search', () => {
  it('finds each kind by name, email, amount and reference, and never another organisation’s rows', async () => {
    const word = `Zephyr${Date.now()}`;
    const mine = await world(word, 125_000);
    const theirs = await world(word, 125_000);

    const byName = await search(mine.owner.headers, word.toLowerCase());
    expect(ids(byName, 'creator')).toEqual([mine.creator.id]);
    expect(ids(byName, 'payment')).toEqual([mine.payment.id]);
    expect(ids(byName, 'invoice')).toEqual([mine.invoice.id]);
    expect(ids(byName, 'campaign')).toEqual([mine.campaign.id]);
    expect(ids(byName, 'contract')).toEqual([mine.contract.id]);
    expect(byName.find((row) => row.kind === 'payment')).toMatchObject({
      label: `${word} Creator`,
      amount: mine.payment.amount,
      path: `/payments/${mine.payment.id}`,
    });
    const everyId = byName.map((row) => row.id);
    for (const id of [theirs.creator.id, theirs.payment.id, theirs.invoice.id, theirs.campaign.id, theirs.contract.id])
      expect(everyId).not.toContain(id);

    expect(ids(await search(mine.owner.headers, mine.creator.email), 'creator')).toEqual([mine.creator.id]);
    expect(ids(await search(mine.owner.headers, mine.payment.id), 'payment')).toEqual([mine.payment.id]);
    expect(await search(mine.owner.headers, theirs.payment.id)).toEqual([]);
  });

  it('matches payments and invoices by their exact amount, however it is typed', async () => {
    const mine = await world(`Amount${Date.now()}`, 125_000);
    const other = await world(`Other${Date.now()}`, 125_000);
    const paymentAmount = formatCents(mine.payment.amount);
    for (const typed of [paymentAmount, paymentAmount.replace(/[$,]/g, '')]) {
      const found = await search(mine.owner.headers, typed);
      expect(ids(found, 'payment'), typed).toEqual([mine.payment.id]);
      expect(found.map((row) => row.id)).not.toContain(other.payment.id);
    }
    for (const typed of ['$1,250', '1250.00', '1,250.00'])
      expect(ids(await search(mine.owner.headers, typed), 'invoice'), typed).toEqual([mine.invoice.id]);
    expect(ids(await search(mine.owner.headers, '$1,250.01'), 'invoice')).toEqual([]);
  });

  it('is for the organisation’s staff: a creator’s session is refused, and no input gives a 500', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const creator = await createMember(ctx.deps, owner.org.id, 'creator');
    const refused = await ctx.app.inject({ method: 'GET', url: '/v1/search?q=a', headers: creator.headers });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/search?q=a' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/search?q=', headers: owner.headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/search?q=${'x'.repeat(201)}`, headers: owner.headers })).statusCode).toBe(400);
    for (const q of ['%', '_', '\\', "'", '99999999999999999999', '$', '00000000-0000-0000-0000-000000000000'])
      expect(await search(owner.headers, q)).toEqual([]);
  });
});
