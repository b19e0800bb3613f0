import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { connectPaypal } from '../../../test/paypal-fixtures.ts';
import { addCreator, readOutbox } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner as funded, injector, paymentRow as row, walletBalance } from '../../../test/payment-fixtures.ts';
import { advanceClock, createCollaborator } from '../../../test/wallet-fixtures.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { reconcilePayments } from './reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const fundedOwner = (amount?: number) => funded(ctx.app, amount);
const balance = (headers: Headers) => walletBalance(ctx.app, headers);
const drafts = (headers: Headers, rows: object[]) => createDrafts(ctx.app, headers, rows);

describe('PUT /v1/payments/initiate', () => {
  it('is for owners and admins, and refuses delinquent organisations', async () => {
    const owner = await fundedOwner();
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await drafts(owner.headers, [row(creator.id)]);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await inject('PUT', '/v1/payments/initiate', collaborator.headers, { ids: [draft!.id] })).statusCode).toBe(403);
    await ctx.deps.db.execute(`UPDATE orgs SET billing_status = 'delinquent' WHERE id = '${owner.org.id}'`);
    const refused = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your billing is past due: add funds to execute payments');
  });

  it('refuses the whole batch when the wallet cannot cover it, moving nothing', async () => {
    const owner = await fundedOwner(15_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const rows = await drafts(owner.headers, [row(creator.id), row(creator.id)]);
    const response = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: rows.map((p) => p.id) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Not enough funds in your wallet: these payments need $200.00 (amounts and fees) and $150.00 is available',
    );
    expect(await balance(owner.headers)).toBe(15_000);
    const list = (await inject('GET', '/v1/payments?tab=draft_payments', owner.headers)).json();
    expect(list.total).toBe(2);
  });

  it('pays a creator with a bank: held, then posted on the sandbox clock, shown in the wallet', async () => {
    const owner = await fundedOwner(100_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await drafts(owner.headers, [row(creator.id, 25_000)]);
    const response = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(response.json()).toMatchObject({ processing: 1, requires_info: 0, held: 25_000, message: 'Payment is on the way!' });
    expect(await balance(owner.headers)).toBe(75_000);
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json()).toMatchObject({
      status: 'processing',
      method: 'stripe',
    });
    expect((await inject('GET', '/v1/payments/totals', owner.headers)).json()).toEqual({
      pending: 25_000,
      completed: 0,
      pending_estimated: 0,
    });
    await advanceClock(ctx.app, 61);
    const posted = (await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json();
    expect(posted.status).toBe('succeeded');
    expect(posted.date_posted).not.toBeNull();
    const txs = (await inject('GET', `/v1/wallets/${owner.walletId}/transactions`, owner.headers)).json().data;
    expect(txs[0]).toMatchObject({ payment_id: draft!.id, amount: -25_000, status: 'succeeded', flow_type: 'outbound_payment' });
    expect((await inject('GET', '/v1/payments/totals', owner.headers)).json()).toEqual({
      pending: 0,
      completed: 25_000,
      pending_estimated: 0,
    });
    expect((await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json()).toMatchObject({
      payments_count: 1,
      amount_paid: 25_000,
    });
    const listed = (await inject('GET', '/v1/creators', owner.headers)).json().data;
    expect(listed.find((row: { id: string }) => row.id === creator.id)).toMatchObject({ payments_count: 1, amount_paid: 25_000 });
  });

  it('gives the money back when a payout fails or is returned', async () => {
    const owner = await fundedOwner(100_000);
    const failing = await addCreator(ctx.app, owner.headers, { account_number: '000111111116', routing_number: '110000000' });
    const returning = await addCreator(ctx.app, owner.headers, { account_number: '000555555559', routing_number: '110000000' });
    const [fails, returns] = await drafts(owner.headers, [row(failing.id), row(returning.id)]);
    await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [fails!.id, returns!.id] });
    expect(await balance(owner.headers)).toBe(80_000);
    await advanceClock(ctx.app, 61);
    expect((await inject('GET', `/v1/payments/${fails!.id}`, owner.headers)).json()).toMatchObject({
      status: 'failed',
      failure_reason: 'no_account',
    });
    expect((await inject('GET', `/v1/payments/${returns!.id}`, owner.headers)).json().status).toBe('succeeded');
    expect(await balance(owner.headers)).toBe(90_000);
    await advanceClock(ctx.app, 61);
    const returned = (await inject('GET', `/v1/payments/${returns!.id}`, owner.headers)).json();
    expect(returned).toMatchObject({ status: 'returned', failure_reason: 'account_closed' });
    expect(returned.date_returned).not.toBeNull();
    expect(await balance(owner.headers)).toBe(100_000);
    expect((await reconcilePayments(ctx.deps.db)).problems).toEqual([]);
  });

  it('pays each payment exactly once under 20 concurrent executions of overlapping batches', async () => {
    const owner = await fundedOwner(1_000_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const rows = await drafts(
      owner.headers,
      Array.from({ length: 10 }, () => row(creator.id, 1_000)),
    );
    const ids = rows.map((p) => p.id);
    const calls = Array.from({ length: 20 }, (_, index) =>
      inject('PUT', '/v1/payments/initiate', owner.headers, { ids: ids.slice(index % 5, (index % 5) + 6) }),
    );
    const answers = await Promise.all(calls);
    // A call that finds its payments executed already by another answers 409 and moves nothing.
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    const started = succeeded.reduce((sum, answer) => sum + answer.json().processing, 0);
    expect(started).toBe(10);
    expect(await balance(owner.headers)).toBe(1_000_000 - 10_000);
    // The rows themselves: every payment processing once, one hold transfer per successful call, one payout each.
    const statuses = await ctx.deps.db.execute<{ status: string; count: string }>(
      sql`SELECT status, count(*)::text AS count FROM payments WHERE org_id = ${owner.org.id} GROUP BY status`,
    );
    expect(statuses.rows).toEqual([{ status: 'processing', count: '10' }]);
    const holds = await ctx.deps.db.execute<{ count: string; held: string }>(sql`
      SELECT count(DISTINCT t.id)::text AS count, COALESCE(sum(e.amount), 0)::text AS held FROM ledger_transfers t
      JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet_held'
      WHERE t.org_id = ${owner.org.id} AND t.idempotency_key LIKE 'payments:%'`);
    expect(holds.rows[0]).toEqual({ count: String(succeeded.length), held: '10000' });
    const payouts = await ctx.deps.db.execute<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM treasury_transactions WHERE org_id = ${owner.org.id} AND flow_type = 'outbound_payment'`,
    );
    expect(payouts.rows[0]!.count).toBe('10');
    const ledger = await reconcileLedger(ctx.deps);
    expect(ledger.problems).toEqual([]);
    expect((await reconcilePayments(ctx.deps.db)).problems).toEqual([]);
  });

  it('refuses to execute payments that are no longer drafts, moving nothing', async () => {
    const owner = await fundedOwner();
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await drafts(owner.headers, [row(creator.id)]);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
    const before = await balance(owner.headers);
    const again = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'None of these payments is a draft: they have been executed or deleted already',
      code: 'conflict',
    });
    expect(await balance(owner.headers)).toBe(before);
  });

  it('takes awaiting input payments beside drafts: the drafts go out, the awaiting ones keep waiting', async () => {
    const owner = await fundedOwner(100_000);
    const waiting = await addCreator(ctx.app, owner.headers, { first_name: 'Wade' });
    const banked = await addCreator(ctx.app, owner.headers, BANK);
    const [awaiting] = await drafts(owner.headers, [row(waiting.id, 10_000)]);
    await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [awaiting!.id] });
    const held = await balance(owner.headers);
    const alone = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [awaiting!.id] });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json()).toEqual({
      processing: 0,
      requires_info: 1,
      awaiting_approval: 0,
      held: 0,
      message: "1 payment is waiting for its payee's payout details; we emailed them a link",
      batch_id: null,
      outcomes: {
        sent: { count: 0, amount: 0, fees: 0 },
        needs_payout_details: { count: 1, amount: awaiting!.amount, fees: awaiting!.fee },
        held_for_approval: { count: 0, amount: 0, fees: 0, approver_roles: [] },
        waiting: { count: 0, amount: 0, fees: 0, reasons: [] },
      },
    });
    expect(await balance(owner.headers)).toBe(held);
    const [draft] = await drafts(owner.headers, [row(banked.id, 20_000)]);
    const mixed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [awaiting!.id, draft!.id] });
    expect(mixed.json()).toMatchObject({ processing: 1, requires_info: 0 });
    expect((await inject('GET', `/v1/payments/${awaiting!.id}`, owner.headers)).json().status).toBe('requires_info');
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('processing');
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const owner = await fundedOwner();
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await drafts(owner.headers, [row(creator.id)]);
    const headers = { ...owner.headers, 'idempotency-key': 'execute-1' };
    const first = await inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id] });
    const again = await inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id] });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

describe('payee link', () => {
  it('asks a creator without a payout method, takes their bank details once, then pays', async () => {
    const owner = await fundedOwner(100_000);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Pat', last_name: 'Payee' });
    const [draft] = await drafts(owner.headers, [row(creator.id, 30_000)]);
    const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(executed.json()).toMatchObject({ processing: 0, requires_info: 1 });
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('requires_info');
    expect(await balance(owner.headers)).toBe(70_000);
    const email = (await readOutbox(ctx.app)).filter((item) => item.to === creator.email).at(-1)!;
    expect(email.subject).toBe('Acme Creators is sending you $300.00');
    const linkId = email.links[0]!.split('/bankDetails?id=')[1]!;

    const info = await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${linkId}` });
    expect(info.json()).toEqual({
      type: 'payee',
      amount: 30_000,
      org_name: 'Acme Creators',
      rec_first_name: 'Pat',
      rec_last_name: 'Payee',
      rec_business_name: null,
      is_paypal_enabled: false,
      requires_tax_form: false,
    });

    const submission = {
      selected_payment_method: 'stripe',
      ...BANK,
      entity_type: 'individual',
      tax_id: '123456789',
      first_name: 'Pat',
      last_name: 'Payee',
      date_of_birth: '1990-04-01',
      address: { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'TX', zip: '78701' },
    };
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link?id=${linkId}`,
      payload: { ...submission, routing_number: '12' },
    });
    expect(invalid.json()).toMatchObject({ message: 'This field is required and must be 9 digits', field: 'routing_number' });
    const paypal = await ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link?id=${linkId}`,
      payload: { ...submission, selected_payment_method: 'paypal', paypal_email: 'pat@example.com' },
    });
    expect(paypal.statusCode).toBe(400);

    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: submission }),
      ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: submission }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
    expect([a, b].find((r) => r.statusCode === 410)!.json().message).toBe('Sorry! This link is no longer valid.');
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${linkId}` })).statusCode).toBe(410);
    const payment = (await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json();
    expect(payment).toMatchObject({ status: 'processing', method: 'stripe' });
    const stored = (await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json();
    expect(stored.selected_payment_method).toBe('stripe');
    expect(stored.account_number).not.toContain('000123456789');
    await advanceClock(ctx.app, 61);
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('succeeded');
    expect(await balance(owner.headers)).toBe(70_000);
  });

  it('re-sends payee links as reminders', async () => {
    const owner = await fundedOwner(100_000);
    const creator = await addCreator(ctx.app, owner.headers);
    const [draft] = await drafts(owner.headers, [row(creator.id)]);
    await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    const before = (await readOutbox(ctx.app)).filter((item) => item.to === creator.email).length;
    const reminded = await inject('POST', '/v1/payments/reminders', owner.headers, [draft!.id]);
    expect(reminded.json()).toEqual({ message: 'Reminder(s) have been sent!', count: 1 });
    expect((await readOutbox(ctx.app)).filter((item) => item.to === creator.email)).toHaveLength(before + 1);
    const deleted = await inject('DELETE', '/v1/payments', owner.headers, { ids: [draft!.id] });
    expect(deleted.statusCode).toBe(200);
    expect(await balance(owner.headers)).toBe(100_000);
    expect((await reconcilePayments(ctx.deps.db)).problems).toEqual([]);
  });
});

describe('agent payee link', () => {
  it('pays an agent through their link with PayPal when the organisation offers it', async () => {
    const owner = await fundedOwner(100_000);
    await connectPaypal(ctx.app, owner.headers);
    const email = `agent.${Date.now()}@example.com`;
    const agent = (
      await inject('POST', '/v1/users', owner.headers, { first_name: 'Ava', last_name: 'Agent', email, is_agent: true })
    ).json();
    const [payment] = await drafts(owner.headers, [
      { recipient: agent.id, recipient_role: 'agent', earnings: 5_000, split: 100, memo: '' },
    ]);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [payment!.id] })).json().requires_info).toBe(1);
    const link = (await readOutbox(ctx.app)).filter((item) => item.to === email).at(-1)!.links[0]!;
    const linkId = link.split('/bankDetails?id=')[1]!;
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${linkId}` })).json()).toMatchObject({
      amount: 5_000,
      rec_first_name: 'Ava',
      is_paypal_enabled: true,
    });
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link?id=${linkId}`,
      payload: {
        selected_payment_method: 'paypal',
        paypal_email: 'unregistered@paypal.sandbox',
        entity_type: 'llc_partnership',
        tax_id: '12-3456789',
        business_name: 'Ava LLC',
        address: { line_1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' },
      },
    });
    expect(submitted.json()).toEqual({ amount: 5_000, org_name: 'Acme Creators', selected_payment_method: 'paypal' });
    expect((await inject('GET', `/v1/payments/${payment!.id}`, owner.headers)).json()).toMatchObject({
      status: 'processing',
      method: 'paypal',
    });
    await advanceClock(ctx.app, 61);
    // A PayPal sandbox receiver that fails: the money is back.
    expect((await inject('GET', `/v1/payments/${payment!.id}`, owner.headers)).json()).toMatchObject({
      status: 'failed',
      failure_reason: 'RECEIVER_UNREGISTERED',
    });
    expect(await balance(owner.headers)).toBe(100_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });
});
