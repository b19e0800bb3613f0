import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { eq } from 'drizzle-orm';
import { addCreator, createOwner, multipartFile, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';
import { orgCreatorCounts } from '../../db/schema/index.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { activate, createCollaborator } from '../../../test/wallet-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { addCampaign, addCustomer } from '../../../test/campaign-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

/** An organisation with 100,000 cents loaded, three creators, two drafts and one payment awaiting payout details. */
async function orgWithData() {
  const owner = await fundedOwner(ctx.app, 100_000);
  const pat = await addCreator(ctx.app, owner.headers, { first_name: 'Pat', last_name: 'Payee', phone_number: '4155550134' });
  const banked = await addCreator(ctx.app, owner.headers, { first_name: 'Bo', last_name: 'Banked', ...BANK });
  await addCreator(ctx.app, owner.headers, { first_name: 'Idle', last_name: 'Creator' });
  const [awaiting, ...drafts] = await createDrafts(ctx.app, owner.headers, [
    paymentRow(pat.id, 30_000),
    paymentRow(banked.id, 12_000),
    paymentRow(banked.id, 8_000),
  ]);
  const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [awaiting!.id] });
  expect(executed.json()).toMatchObject({ requires_info: 1 });
  return { owner, awaiting: awaiting!, drafts };
}

describe('GET /v1/dashboard', () => {
  it("answers the organisation's balance, draft total, creators count and payments awaiting payout details", async () => {
    const { owner, awaiting, drafts } = await orgWithData();
    const response = await inject('GET', '/v1/dashboard', owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    const wallets = (await inject('GET', '/v1/wallets', owner.headers)).json();
    expect(response.json()).toEqual({
      balance: 100_000 - awaiting.amount - awaiting.fee,
      receivable: 0,
      receivable_other_currencies: 0,
      draft_payments: drafts.reduce((sum, row) => sum + row.amount, 0),
      total_creators: 3,
      todos: [
        {
          todoType: 'Payment needs payout method',
          id: awaiting.id,
          org_id: owner.org.id,
          title: 'Pat Payee',
          amount: awaiting.amount,
          has_phone: true,
        },
      ],
      todo_counts: [
        { todoType: 'Unsigned Contract', count: 0 },
        { todoType: 'Unpaid Invoice', count: 0 },
        { todoType: 'Payment needs payout method', count: 1 },
      ],
      active_campaigns: [],
      has_campaign: false,
    });
    expect(response.json().balance).toBe(wallets.stripe.balances[0].amount);
    expect(response.json().draft_payments).toBeGreaterThan(0);
  });

  it('leaves out deleted drafts and never counts another organisation', async () => {
    const { owner, drafts } = await orgWithData();
    expect((await inject('DELETE', '/v1/payments', owner.headers, { ids: [drafts[0]!.id] })).statusCode).toBe(200);
    await addCampaign(ctx.app, owner.headers);
    const other = await fundedOwner(ctx.app, 0);
    const empty = await inject('GET', '/v1/dashboard', other.headers);
    expect(empty.json()).toEqual({
      balance: 0,
      receivable: 0,
      receivable_other_currencies: 0,
      draft_payments: 0,
      total_creators: 0,
      todos: [],
      todo_counts: [
        { todoType: 'Unsigned Contract', count: 0 },
        { todoType: 'Unpaid Invoice', count: 0 },
        { todoType: 'Payment needs payout method', count: 0 },
      ],
      active_campaigns: [],
      has_campaign: false,
    });
    const mine = await inject('GET', '/v1/dashboard', owner.headers);
    expect(mine.json().draft_payments).toBe(drafts[1]!.amount);
  });

  it('answers a collaborator and refuses a caller who is not signed in', async () => {
    const { owner } = await orgWithData();
    const { headers } = await createCollaborator(ctx.deps, owner.org.id);
    const collaborator = await inject('GET', '/v1/dashboard', headers);
    expect(collaborator.statusCode).toBe(200);
    expect(collaborator.json().total_creators).toBe(3);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/dashboard' })).statusCode).toBe(401);
  });

  it('counts creators added one at a time and by a CSV import from the count the database keeps (Home no longer counts every row)', async () => {
    const owner = await createOwner(ctx.app);
    await upgradePlan(ctx.app, owner.headers);
    await addCreator(ctx.app, owner.headers, { first_name: 'One', last_name: 'Alone' });
    const csv = ['email,first_name,last_name', ...Array.from({ length: 25 }, (_, index) => `${uniqueEmail(`count${index}`)},Row,${index}`)];
    const body = multipartFile({ filename: 'creators.csv', type: 'text/csv', content: csv.join('\n') });
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/v1/creators/bulk',
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(imported.json()).toMatchObject({ added: 25 });
    const [kept] = await ctx.deps.db.select().from(orgCreatorCounts).where(eq(orgCreatorCounts.org_id, owner.org.id));
    expect(kept?.creators).toBe(26);
    expect((await inject('GET', '/v1/dashboard', owner.headers)).json().total_creators).toBe(26);
  });
});

describe('GET /v1/dashboard/todos', () => {
  it('answers Home the first five to-dos with each kind’s count, and pages one kind by keyset with no gap or repeat', async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const customer = await addCustomer(ctx.app, owner.headers);
    const sent: string[] = [];
    for (let i = 0; i < 7; i += 1)
      sent.push((await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, title: `Invoice ${i}` })).id);

    const home = (await inject('GET', '/v1/dashboard', owner.headers)).json();
    expect(home.todos).toHaveLength(5);
    expect(home.todos.map((todo: { id: string }) => todo.id)).toEqual(sent.slice(2).reverse());
    expect(home.todo_counts).toContainEqual({ todoType: 'Unpaid Invoice', count: 7 });

    const pageOf = async (cursor?: string) =>
      (
        await inject(
          'GET',
          `/v1/dashboard/todos?todoType=Unpaid%20Invoice&page_size=3${cursor ? `&starting_after=${cursor}` : ''}`,
          owner.headers,
        )
      ).json();
    const first = await pageOf();
    const second = await pageOf(first.next_cursor);
    const third = await pageOf(second.next_cursor);
    expect([first.has_more, second.has_more, third.has_more]).toEqual([true, true, false]);
    const ids = [...first.todos, ...second.todos, ...third.todos].map((todo: { id: string }) => todo.id);
    expect(ids).toEqual([...sent].reverse());

    const stranger = await createOwner(ctx.app);
    expect((await inject('GET', '/v1/dashboard/todos?todoType=Unpaid%20Invoice', stranger.headers)).json().todos).toEqual([]);
    const bad = await inject('GET', '/v1/dashboard/todos?todoType=Everything', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a kind of to-do');
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/dashboard/todos?todoType=Unpaid%20Invoice' })).statusCode).toBe(401);
  });
});
