import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_OUT_REFUSED } from '@crewpay/core';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { createOwner, readOutbox } from '../../../test/fixtures.ts';
import { activate, advanceClock, latestDescriptorCode, linkVerifiedBank, stripeWalletId } from '../../../test/wallet-fixtures.ts';
import { providerEvents } from '../../db/schema/index.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { handleProviderEvent } from '../provider-calls/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

async function activatedOwner() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  return { ...owner, walletId: await stripeWalletId(ctx.app, owner.headers) };
}

const balance = async (headers: Headers) => (await get('/v1/wallets', headers)).json().stripe.balances[0].amount as number;
const transactions = async (headers: Headers, walletId: string, query = '') =>
  (await get(`/v1/wallets/${walletId}/transactions${query}`, headers)).json();

describe('bank linking and adding funds, driven by the sandbox clock', () => {
  it('attaches a bank, verifies it with the emailed SM code, debits it and settles after 60 s', async () => {
    const owner = await activatedOwner();
    let wallet = (await get(`/v1/wallets/${owner.walletId}`, owner.headers)).json();
    expect(wallet).toMatchObject({
      payment_method: null,
      setup_intent: null,
      account_details: { routing_number: '110000000' },
      can_transfer_out: false,
    });
    expect(wallet.account_details.account_number).toMatch(/^\d{12}$/);

    const attach = await post('/v1/treasury/account', owner.headers, { account_number: '000123456789', routing_number: '110000000' });
    expect(attach.statusCode, attach.body).toBe(200);
    const setupIntent = attach.json();
    const verifyUrl = setupIntent.next_action.verify_with_microdeposits.hosted_verification_url;
    expect(verifyUrl).toBe(`http://crewpay.test/sandbox/verify/${setupIntent.id}`);
    wallet = (await get(`/v1/wallets/${owner.walletId}`, owner.headers)).json();
    expect(wallet.payment_method).toBeNull();
    expect(wallet.setup_intent).toMatchObject({ id: setupIntent.id, status: 'requires_action' });

    const email = (await readOutbox(ctx.app)).filter((item) => item.to === owner.user.email).at(-1)!;
    expect(email.subject).toBe('Verify your bank account');
    expect(email.links).toContain(verifyUrl);
    const code = await latestDescriptorCode(ctx.app, owner.user.email);
    expect(code).toMatch(/^SM[A-Z0-9]{4}$/);

    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/verify/${setupIntent.id}`, headers: operatorHeaders });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`action="/sandbox/verify/${setupIntent.id}"`);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/verify/${setupIntent.id}`,
      payload: 'code=SM0000',
      headers: { ...operatorHeaders, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('That code does not match the statement description. 9 attempts left.');
    expect((await get(`/v1/wallets/${owner.walletId}`, owner.headers)).json().payment_method).toBeNull();

    const right = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/verify/${setupIntent.id}`,
      payload: `code=${code.toLowerCase()}`,
      headers: { ...operatorHeaders, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('Bank account verified');
    wallet = (await get(`/v1/wallets/${owner.walletId}`, owner.headers)).json();
    expect(wallet.payment_method).toMatchObject({
      id: expect.stringMatching(/^pm_/),
      us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' },
    });
    expect(wallet.setup_intent).toMatchObject({ status: 'succeeded', next_action: null });

    const debit = await post('/v1/treasury/ach_debit', owner.headers, { amount: 125_000, payment_method: wallet.payment_method.id });
    expect(debit.statusCode, debit.body).toBe(200);
    expect(debit.json()).toMatchObject({ status: 'processing', amount: 125_000, fee: 0 });
    expect(await balance(owner.headers)).toBe(0);
    expect((await transactions(owner.headers, owner.walletId)).data[0]).toMatchObject({
      status: 'processing',
      flow_type: 'inbound_transfer',
      type: 'inbound_transfer',
      amount: 125_000,
    });

    expect((await advanceClock(ctx.app, 59)).json().processed_events).toBe(0);
    expect(await balance(owner.headers)).toBe(0);
    await advanceClock(ctx.app, 1);
    expect(await balance(owner.headers)).toBe(125_000);
    const [row] = (await transactions(owner.headers, owner.walletId)).data;
    expect(row).toMatchObject({ status: 'succeeded', amount: 125_000, failure_reason: null, payment_id: null });
    expect(row.flow_details.inbound_transfer.id).toMatch(/^ibt_/);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('refuses a wrong code after too many attempts and lets the owner connect again', async () => {
    const owner = await activatedOwner();
    const attach = await post('/v1/treasury/account', owner.headers, { account_number: '000123456789', routing_number: '110000000' });
    const id = attach.json().id;
    for (let attempt = 0; attempt < 10; attempt++)
      await ctx.app.inject({
        method: 'POST',
        url: `/sandbox/verify/${id}`,
        headers: { ...operatorHeaders, accept: 'application/json' },
        payload: { code: 'SMZZZZ' },
      });
    const wallet = (await get(`/v1/wallets/${owner.walletId}`, owner.headers)).json();
    expect(wallet).toMatchObject({ payment_method: null, setup_intent: null });
    const correct = await latestDescriptorCode(ctx.app, owner.user.email);
    const late = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/verify/${id}`,
      headers: { ...operatorHeaders, accept: 'application/json' },
      payload: { code: correct },
    });
    expect(late.json().status).toBe('not_pending');
    expect(
      (await post('/v1/treasury/account', owner.headers, { account_number: '000123456789', routing_number: '110000000' })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['000111111116', 'no_account'],
    // Stripe's test data: account_closed is a failure, not a return.
    ['000111111113', 'account_closed'],
  ])('fails a debit of %s with %s, leaving the balance as before', async (accountNumber, reason) => {
    const owner = await activatedOwner();
    await post('/v1/treasury/load', owner.headers, { amount: 5_000 });
    const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email, accountNumber);
    const debit = await post('/v1/treasury/ach_debit', owner.headers, { amount: 10_000, payment_method: paymentMethod });
    expect(debit.json().status).toBe('processing');
    await advanceClock(ctx.app, 60);
    expect(await balance(owner.headers)).toBe(5_000);
    expect((await transactions(owner.headers, owner.walletId, '?flow_type=inbound_transfer')).data[0]).toMatchObject({
      status: 'failed',
      failure_reason: reason,
    });
  });

  it('returns a debit of 000555555559 with account_closed after it succeeded, leaving the balance as before', async () => {
    const owner = await activatedOwner();
    await post('/v1/treasury/load', owner.headers, { amount: 5_000 });
    const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email, '000555555559');
    await post('/v1/treasury/ach_debit', owner.headers, { amount: 10_000, payment_method: paymentMethod });
    await advanceClock(ctx.app, 60);
    expect(await balance(owner.headers)).toBe(15_000);
    await advanceClock(ctx.app, 60);
    expect(await balance(owner.headers)).toBe(5_000);
    expect((await transactions(owner.headers, owner.walletId, '?flow_type=inbound_transfer')).data[0]).toMatchObject({
      status: 'returned',
      failure_reason: 'account_closed',
    });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('applies the same provider event twice without changing anything', async () => {
    const owner = await activatedOwner();
    const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email);
    await post('/v1/treasury/ach_debit', owner.headers, { amount: 7_000, payment_method: paymentMethod });
    await advanceClock(ctx.app, 60);
    expect(await balance(owner.headers)).toBe(7_000);
    const [event] = await ctx.deps.db
      .select()
      .from(providerEvents)
      .where(sql`${providerEvents.org_id} = ${owner.org.id} AND ${providerEvents.type} = 'treasury.inbound_transfer.succeeded'`);
    expect(await handleProviderEvent(ctx.deps, event!.id)).toBe(false);
    // Even delivered again as new (a webhook retried after a lost acknowledgement), it moves nothing.
    await ctx.deps.db.update(providerEvents).set({ processed_at: null }).where(eq(providerEvents.id, event!.id));
    expect(await handleProviderEvent(ctx.deps, event!.id)).toBe(true);
    expect(await balance(owner.headers)).toBe(7_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('moves money once for an idempotent retry, and refuses the key with another body', async () => {
    const owner = await activatedOwner();
    const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email);
    const headers = { ...owner.headers, 'idempotency-key': 'add-funds-1' };
    const first = await post('/v1/treasury/ach_debit', headers, { amount: 3_000, payment_method: paymentMethod });
    const retry = await post('/v1/treasury/ach_debit', headers, { payment_method: paymentMethod, amount: 3_000 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const other = await post('/v1/treasury/ach_debit', headers, { amount: 4_000, payment_method: paymentMethod });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: 'This Idempotency-Key was already used with a different request',
      code: 'idempotency_conflict',
    });
    await advanceClock(ctx.app, 60);
    expect(await balance(owner.headers)).toBe(3_000);
    expect((await transactions(owner.headers, owner.walletId)).data).toHaveLength(1);
  });

  it('refuses a debit with a payment method of another organisation', async () => {
    const owner = await activatedOwner();
    const other = await activatedOwner();
    const paymentMethod = await linkVerifiedBank(ctx.app, other.headers, other.user.email);
    const debit = await post('/v1/treasury/ach_debit', owner.headers, { amount: 100, payment_method: paymentMethod });
    expect(debit.statusCode).toBe(404);
    expect(debit.json().message).toBe('Payment method not found');
  });
});

describe('POST /v1/treasury/ach', () => {
  const transfer = { amount: 50_000, name: 'Acme Payroll', description: 'Payroll', account_num: '000123456789', routing_num: '110000000' };

  it('refuses every organisation but the one in TRANSFER_OUT_ORG_ID with the contact-support message', async () => {
    const owner = await activatedOwner();
    await post('/v1/treasury/load', owner.headers, { amount: 100_000 });
    const response = await post('/v1/treasury/ach', owner.headers, transfer);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(TRANSFER_OUT_REFUSED);
    expect(await balance(owner.headers)).toBe(100_000);
  });

  it('holds amount and fee, settles after the delay, and gives both back when the payment fails', async () => {
    const owner = await activatedOwner();
    ctx.deps.config.transferOutOrgId = owner.org.id;
    expect((await get(`/v1/wallets/${owner.walletId}`, owner.headers)).json().can_transfer_out).toBe(true);
    await post('/v1/treasury/load', owner.headers, { amount: 100_000 });
    const sent = await post('/v1/treasury/ach', owner.headers, transfer);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'processing', amount: -50_000, fee: 5 });
    expect(await balance(owner.headers)).toBe(100_000 - 50_005);
    const tooMuch = await post('/v1/treasury/ach', owner.headers, { ...transfer, amount: 49_995 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('insufficient_funds');
    await advanceClock(ctx.app, 60);
    expect((await transactions(owner.headers, owner.walletId, '?flow_type=outbound_payment')).data[0]).toMatchObject({
      status: 'succeeded',
      amount: -50_000,
      fee: 5,
    });

    await post('/v1/treasury/ach', owner.headers, { ...transfer, amount: 10_000, account_num: '000111111116' });
    expect(await balance(owner.headers)).toBe(49_995 - 10_001);
    await advanceClock(ctx.app, 60);
    expect(await balance(owner.headers)).toBe(49_995);
    expect((await transactions(owner.headers, owner.walletId, '?flow_type=outbound_payment')).data[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'no_account',
    });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('lets concurrent transfers hold only what the wallet has', async () => {
    const owner = await activatedOwner();
    ctx.deps.config.transferOutOrgId = owner.org.id;
    await post('/v1/treasury/load', owner.headers, { amount: 100_000 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/v1/treasury/ach', owner.headers, { ...transfer, amount: 30_000 })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => answer.json().code === 'insufficient_funds')).toBe(true);
    expect(await balance(owner.headers)).toBe(100_000 - 3 * 30_003);
    await advanceClock(ctx.app, 60);
    expect(await balance(owner.headers)).toBe(100_000 - 3 * 30_003);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('caps the fee at $10.00', async () => {
    const owner = await activatedOwner();
    ctx.deps.config.transferOutOrgId = owner.org.id;
    await post('/v1/treasury/load', owner.headers, { amount: 50_000_000 });
    const sent = await post('/v1/treasury/ach', owner.headers, { ...transfer, amount: 20_000_000 });
    expect(sent.json().fee).toBe(1000);
  });
});

describe('wallet routes', () => {
  it('pages the transactions with page and has_more, newest first', async () => {
    const owner = await activatedOwner();
    for (const amount of [100, 200, 300]) await post('/v1/treasury/load', owner.headers, { amount });
    const first = await transactions(owner.headers, owner.walletId, '?page=0&limit=2');
    expect(first.data.map((row: { amount: number }) => row.amount)).toEqual([300, 200]);
    expect(first).toMatchObject({ page: 0, has_more: true });
    const second = await transactions(owner.headers, owner.walletId, '?page=1&limit=2');
    expect(second.data.map((row: { amount: number; type: string }) => [row.amount, row.type])).toEqual([[100, 'received_credit']]);
    expect(second).toMatchObject({ page: 1, has_more: false });
  });

  it("refuses another organisation's wallet ids", async () => {
    const owner = await activatedOwner();
    const other = await activatedOwner();
    for (const url of [`/v1/wallets/${other.walletId}`, `/v1/wallets/${other.walletId}/transactions`]) {
      const response = await get(url, owner.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Wallet not found');
    }
  });

  it('answers the not-setup message before activation', async () => {
    const { headers } = await createOwner(ctx.app);
    expect((await get('/v1/wallets', headers)).json()).toEqual({});
    const attach = await post('/v1/treasury/account', headers, { account_number: '000123456789', routing_number: '110000000' });
    expect(attach.statusCode).toBe(400);
    expect(attach.json().message).toBe('Your US-only Wallet is not setup');
  });

  it.each([
    ['an account number of 3 digits', { account_number: '123', routing_number: '110000000' }, 'account_number'],
    ['a routing number of 8 digits', { account_number: '000123456789', routing_number: '11000000' }, 'routing_number'],
  ])('refuses %s', async (_case, payload, field) => {
    const owner = await activatedOwner();
    const response = await post('/v1/treasury/account', owner.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });
});
