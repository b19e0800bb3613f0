import { beforeAll, describe, expect, it } from 'vitest';
import { refundMessages } from '@crewpay/core';
import { invoiceToPay, liveWorld, postingsOf, sandboxWorld, type World } from '../../../test/worlds.ts';
import { expectBooksEqualStripe } from '../../../test/books.ts';
import { cardToken, payByCard, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { advanceClock, createCollaborator } from '../../../test/wallet-fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { reconcileLedger } from '../ledger/index.ts';

let live: Awaited<ReturnType<typeof liveWorld>>;
let sandbox: World;
beforeAll(async () => {
  live = await liveWorld();
  sandbox = await sandboxWorld();
});

type Headers = Record<string, string>;
const refund = (world: World, headers: Headers, invoiceId: string, payload: object, key?: string) =>
  world.ctx.app.inject({
    method: 'POST',
    url: `/v1/invoices/${invoiceId}/refunds`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const chargeRecord = async (world: World, headers: Headers, invoiceId: string) =>
  (await world.ctx.app.inject({ method: 'GET', url: `/v1/charges?invoice_id=${invoiceId}`, headers })).json()[invoiceId][0];
const hold = (amount: number) => ({ type: 'hold', entries: { wallet_available: -amount, wallet_held: amount } });
const refunded = (amount: number, fee: number) => ({
  type: 'invoice_refunded',
  entries: { fees: -fee, outside_bank: amount, wallet_held: -(amount - fee) },
});

async function paidInvoice(world: World, amount: number) {
  const paid = await invoiceToPay(world, amount);
  expect((await world.payByCard(paid.linkId, 'succeed')).statusCode).toBe(200);
  await world.settle();
  return paid;
}

describe('POST /v1/invoices/{id}/refunds against Stripe (fake)', () => {
  it("refunds part, then the rest: each posts once with Crewpay's fee share, given back at the platform too; the books equal Stripe's", async () => {
    const { owner, invoice } = await paidInvoice(live, 10_000);
    const first = await refund(live, owner.headers, invoice.id, { amount: 2_500, reason: 'requested_by_customer' }, 'refund-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amount: 2_500, fee_refund: 80, status: 'pending', reason: 'requested_by_customer' });
    // The same key again answers the same refund and gives back nothing more; with another body it is refused.
    const replay = await refund(live, owner.headers, invoice.id, { amount: 2_500, reason: 'requested_by_customer' }, 'refund-1');
    expect(replay.json().id).toBe(first.json().id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await refund(live, owner.headers, invoice.id, { amount: 1_000 }, 'refund-1')).statusCode).toBe(409);
    const asked = live.stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers['stripe-account']).toBeTruthy();
    expect(asked[0]!.headers['idempotency-key']).toBe(`payments_in.refund:${first.json().id}`);

    await live.settle();
    expect((await chargeRecord(live, owner.headers, invoice.id)).refunds).toEqual([
      expect.objectContaining({ id: first.json().id, amount: 2_500, status: 'succeeded' }),
    ]);
    await expectBooksEqualStripe(live, owner.org.id);

    const rest = await refund(live, owner.headers, invoice.id, { amount: 7_500 });
    expect(rest.json()).toMatchObject({ amount: 7_500, fee_refund: 240 });
    await live.settle();
    const record = await chargeRecord(live, owner.headers, invoice.id);
    expect(record).toMatchObject({ status: 'succeeded', refundable: 0 });
    expect(record.refunds.map((row: { status: string }) => row.status)).toEqual(['succeeded', 'succeeded']);
    expect(await postingsOf(live, owner.org.id, { invoice_id: invoice.id })).toEqual([
      { type: 'invoice_card_settled', entries: { fees: 320, outside_bank: -10_000, payments_balance: 9_680 } },
      hold(2_420),
      refunded(2_500, 80),
      hold(7_260),
      refunded(7_500, 240),
    ]);
    const books = await expectBooksEqualStripe(live, owner.org.id);
    expect(books.ledger).toMatchObject({ fees: 0, wallet_available: 0, wallet_held: 0 });
    expect((await refund(live, owner.headers, invoice.id, { amount: 1 })).json()).toMatchObject({
      message: refundMessages.tooMuch(0),
      field: 'amount',
    });
  });

  it('answers each validation message, and refuses team members, other organisations and invoices with nothing to refund', async () => {
    const { owner, invoice } = await paidInvoice(live, 4_000);
    for (const [payload, message] of [
      [{ amount: 0 }, refundMessages.amount],
      [{ amount: 12.5 }, refundMessages.amount],
      [{ amount: 'all' }, refundMessages.amount],
      [{ amount: 100, reason: 'because' }, 'Unknown refund reason'],
      [{ amount: 4_001 }, refundMessages.tooMuch(4_000)],
    ] as const) {
      const answer = await refund(live, owner.headers, invoice.id, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    const collaborator = await createCollaborator(live.ctx.deps, owner.org.id);
    expect((await refund(live, collaborator.headers, invoice.id, { amount: 100 })).statusCode).toBe(403);
    const other = await paidInvoice(live, 3_000);
    expect((await refund(live, other.owner.headers, invoice.id, { amount: 100 })).statusCode).toBe(404);
    const unpaid = await sendInvoice(live.ctx.app, owner.headers, { customer_id: (await addCustomer(live.ctx.app, owner.headers)).id });
    expect((await refund(live, owner.headers, unpaid.id, { amount: 100 })).json()).toMatchObject({
      message: refundMessages.nothingToRefund,
    });
    const offline = await sendInvoice(live.ctx.app, owner.headers, {
      email: 'offline.brand@example.com',
      name: 'Offline',
      processor: 'offline',
    });
    expect((await refund(live, owner.headers, offline.id, { amount: 100 })).json()).toMatchObject({ message: refundMessages.offline });
    expect(live.stripe.requests.filter((request) => request.path === '/v1/refunds' && request.body.includes(invoice.id))).toEqual([]);
  });
});

describe('refunds in the sandbox', () => {
  it('refuses a refund the wallet cannot cover, moving nothing', async () => {
    const { owner, invoice } = await paidInvoice(sandbox, 10_000);
    sandbox.ctx.deps.config.transferOutOrgId = owner.org.id;
    const out = await sandbox.ctx.app.inject({
      method: 'POST',
      url: '/v1/treasury/ach',
      headers: owner.headers,
      payload: { amount: 9_000, name: 'Acme Payroll', description: 'Payroll', account_num: '000123456789', routing_num: '110000000' },
    });
    expect(out.statusCode, out.body).toBe(200);
    const refused = await refund(sandbox, owner.headers, invoice.id, { amount: 5_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(refundMessages.wallet);
    expect((await chargeRecord(sandbox, owner.headers, invoice.id)).refunds).toEqual([]);
  });

  it("a refund the card's bank sends back later (test card 4000 0000 0000 5126) returns the money to the wallet, once", async () => {
    const { owner, invoice, linkId } = await invoiceToPay(sandbox, 10_000);
    await payByCard(sandbox.ctx.app, linkId, await cardToken(sandbox.ctx.app, '4000000000005126'));
    const asked = await refund(sandbox, owner.headers, invoice.id, { amount: 10_000 });
    expect(asked.json()).toMatchObject({ fee_refund: 320, status: 'pending' });
    expect((await chargeRecord(sandbox, owner.headers, invoice.id)).refunds[0]).toMatchObject({ status: 'succeeded' });
    await advanceClock(sandbox.ctx.app, 86_401);
    expect((await chargeRecord(sandbox, owner.headers, invoice.id)).refunds[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect((await postingsOf(sandbox, owner.org.id, { invoice_id: invoice.id })).slice(1)).toEqual([
      hold(9_680),
      refunded(10_000, 320),
      { type: 'invoice_refund_failed', entries: { outside_bank: -10_000, wallet_available: 10_000 } },
    ]);
    expect((await reconcileLedger(sandbox.ctx.deps)).problems).toEqual([]);
  });

  it('a disputed payment cannot be refunded', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(sandbox, 10_000);
    await sandbox.payByCard(linkId, 'dispute');
    await sandbox.settle();
    expect((await refund(sandbox, owner.headers, invoice.id, { amount: 1_000 })).json()).toMatchObject({
      message: refundMessages.disputed,
    });
  });
});
