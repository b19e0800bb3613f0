import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignReleaseLabel, paymentReleaseMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { activate, advanceClock } from '../../../test/wallet-fixtures.ts';
import { addCampaign, createMember } from '../../../test/campaign-fixtures.ts';
import { createDrafts, paymentRow } from '../../../test/payment-fixtures.ts';
import { cardToken, linkBank, payByBank, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { charges, ledgerTransfers, paymentScheduleRuns, providerEvents } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { handleProviderEvent } from '../provider-calls/events.ts';
import { releasePaidInvoices } from './release-run.ts';
import { runDueSchedules } from '../payment-schedules/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const statusOf = async (headers: Headers, id: string) => (await call('GET', `/v1/payments/${id}`, headers)).json().status as string;
const statusesOf = (headers: Headers, ids: string[]) => Promise.all(ids.map((id) => statusOf(headers, id)));

/** An activated owner, a campaign invoice of `amount` funding drafts of the given earnings, marked "Release when paid". */
async function markedInvoice(amount: number, earnings: number[]) {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  const campaign = await addCampaign(ctx.app, owner.headers);
  const creator = await addCreator(ctx.app, owner.headers);
  const drafts = await createDrafts(
    ctx.app,
    owner.headers,
    earnings.map((cents) => paymentRow(creator.id, cents, { payment_group_id: campaign.id })),
  );
  const paymentIds = drafts.map((draft) => draft.id);
  const invoice = await sendInvoice(ctx.app, owner.headers, {
    customer_id: campaign.customer_id,
    payment_group_id: campaign.id,
    amount,
    funded_payments: paymentIds,
  });
  const marked = await call('PUT', `/v1/payment_releases/${invoice.id}`, owner.headers);
  expect(marked.statusCode, marked.body).toBe(200);
  expect(marked.json()).toMatchObject({ status: 'waiting', reason: null, message: paymentReleaseMessages.marked });
  return { owner, campaign, creator, invoice, paymentIds, linkId: await payLinkId(ctx.app, invoice.customer_email) };
}

const releaseOf = async (headers: Headers, invoiceId: string) => (await call('GET', `/v1/payment_releases/${invoiceId}`, headers)).json();
const executions = async (orgId: string) =>
  (
    await ctx.deps.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.org_id, orgId), like(ledgerTransfers.idempotency_key, 'payments:%')))
  ).length;

/** Held by a dispute it could not outrun: paid by a dispute card for less than its payments, the dispute opens a day later. */
async function heldByDispute() {
  const marked = await markedInvoice(10_000, [12_000]);
  expect((await payByCard(ctx.app, marked.linkId, await cardToken(ctx.app, '4000000000000341'))).json().status).toBe('succeeded');
  await advanceClock(ctx.app, 86_402);
  expect(await releaseOf(marked.owner.headers, marked.invoice.id)).toMatchObject({
    status: 'held',
    reason: paymentReleaseMessages.disputed,
  });
  // Funds for the payments arrive while held: they release nothing.
  await ctx.app.inject({ method: 'POST', url: '/v1/treasury/load', headers: marked.owner.headers, payload: { amount: 100_000 } });
  await releasePaidInvoices(ctx.deps, marked.owner.org.id);
  expect(await executions(marked.owner.org.id)).toBe(0);
  return marked;
}

/** The payer's bank decides the dispute (the provider's events, as its webhooks bring them); answers the closing event's id. */
async function decideDispute(orgId: string, outcome: 'won' | 'lost') {
  const [opened] = await ctx.deps.db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.org_id, orgId), eq(providerEvents.type, 'charge.dispute.created')));
  const types = outcome === 'won' ? ['charge.dispute.funds_reinstated', 'charge.dispute.closed'] : ['charge.dispute.closed'];
  let last = '';
  for (const type of types) {
    last = `evt_${newId()}`;
    const data = { ...opened!.data, status: outcome };
    await ctx.deps.db
      .insert(providerEvents)
      .values({ id: last, org_id: orgId, type, object_id: opened!.object_id, data, due_at: new Date() });
    expect(await handleProviderEvent(ctx.deps, last)).toBe(true);
  }
  return last;
}

describe('Release when paid', () => {
  it('waits (Execute skips the payments with the reason), then the card payment executes them once, even with the event delivered twice', async () => {
    const { owner, invoice, paymentIds, linkId } = await markedInvoice(10_000, [3_000, 2_000]);
    const early = await call('PUT', '/v1/payments/initiate', owner.headers, { ids: paymentIds });
    expect(early.statusCode, early.body).toBe(200);
    const number = (await call('GET', `/v1/invoices/${invoice.id}`, owner.headers)).json().number;
    expect(early.json()).toMatchObject({
      processing: 0,
      held: 0,
      batch_id: null,
      message: `No payment is sent now\n2 payments wait for invoice ${number} to be paid`,
      waiting: paymentIds.map((id) => ({ id, reason: paymentReleaseMessages.waitsForInvoice(number) })),
    });
    expect(await statusesOf(owner.headers, paymentIds)).toEqual(['draft', 'draft']);

    expect((await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'))).json().status).toBe('succeeded');
    expect(await statusesOf(owner.headers, paymentIds)).not.toContain('draft');
    expect(await releaseOf(owner.headers, invoice.id)).toMatchObject({
      status: 'released',
      reason: null,
      payment_ids: [...paymentIds].sort(),
    });
    expect(await executions(owner.org.id)).toBe(1);

    // The charge's settlement event delivered again, and the funds-arrived hook run again: nothing more moves.
    const [charge] = await ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    const settled = await ctx.deps.db.select().from(providerEvents).where(eq(providerEvents.type, 'charge.succeeded'));
    const event = settled.find((row) => row.data.charge_id === charge!.id)!;
    await ctx.deps.db.update(providerEvents).set({ processed_at: null }).where(eq(providerEvents.id, event.id));
    await handleProviderEvent(ctx.deps, event.id);
    await releasePaidInvoices(ctx.deps, owner.org.id);
    expect(await executions(owner.org.id)).toBe(1);
  });

  it('a scheduled run that found them waiting for the invoice is recorded executed once the card payment releases them', async () => {
    const { owner, invoice, paymentIds, linkId } = await markedInvoice(10_000, [3_000]);
    const today = (await sandboxNow(ctx.deps.db)).toISOString().slice(0, 10);
    const scheduled = await ctx.app.inject({
      method: 'POST',
      url: '/v1/payment_schedules',
      headers: owner.headers,
      payload: { ids: paymentIds, execute_on: today },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await runDueSchedules(ctx.deps);
    const number = (await call('GET', `/v1/invoices/${invoice.id}`, owner.headers)).json().number;
    const runs = () => ctx.deps.db.select().from(paymentScheduleRuns).where(inArray(paymentScheduleRuns.payment_id, paymentIds));
    expect(await runs()).toMatchObject([{ outcome: 'waiting', reason: paymentReleaseMessages.waitsForInvoice(number) }]);
    // The payment's schedule says why it has not gone out, as Home does.
    const schedules = () => call('GET', `/v1/payment_schedules?payment_id=${paymentIds[0]}`, owner.headers);
    expect((await schedules()).json().data).toMatchObject([{ waiting_reasons: [paymentReleaseMessages.waitsForInvoice(number)] }]);

    expect((await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'))).json().status).toBe('succeeded');
    expect(await statusesOf(owner.headers, paymentIds)).not.toContain('draft');
    expect(await runs()).toMatchObject([{ outcome: 'executed', reason: null }]);
    expect((await schedules()).json().data[0].waiting_reasons).toEqual([]);
  });

  it('an ACH payment releases them only once the debit settles', async () => {
    const { owner, invoice, paymentIds, linkId } = await markedInvoice(100_000, [10_000]);
    expect((await payByBank(ctx.app, linkId, await linkBank(ctx.app, linkId))).json().status).toBe('pending');
    expect(await statusesOf(owner.headers, paymentIds)).toEqual(['draft']);
    expect((await releaseOf(owner.headers, invoice.id)).status).toBe('waiting');
    await advanceClock(ctx.app, 61);
    expect(await statusesOf(owner.headers, paymentIds)).not.toContain('draft');
    expect((await releaseOf(owner.headers, invoice.id)).status).toBe('released');
  });

  it('a dispute before the release holds them: they never go out, and say why', async () => {
    // More than the payment brings in: paid, the release waits for funds (with the execution's message).
    const { owner, invoice, paymentIds, linkId } = await markedInvoice(10_000, [12_000]);
    expect((await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4000000000000341'))).json().status).toBe('succeeded');
    const short = await releaseOf(owner.headers, invoice.id);
    expect(short).toMatchObject({ status: 'waiting', reason: expect.stringContaining('Not enough funds in your wallet') });
    await advanceClock(ctx.app, 86_402);
    expect(await releaseOf(owner.headers, invoice.id)).toMatchObject({ status: 'held', reason: paymentReleaseMessages.disputed });

    // Money arriving later releases nothing held; Execute skips them with the hold's reason.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/v1/treasury/load', headers: owner.headers, payload: { amount: 100_000 } })).statusCode,
    ).toBe(200);
    await releasePaidInvoices(ctx.deps, owner.org.id);
    const execute = await call('PUT', '/v1/payments/initiate', owner.headers, { ids: paymentIds });
    expect(execute.json()).toMatchObject({ processing: 0, waiting: [{ id: paymentIds[0], reason: paymentReleaseMessages.disputed }] });
    expect(await statusesOf(owner.headers, paymentIds)).toEqual(['draft']);
    expect(await executions(owner.org.id)).toBe(0);
  });

  it('a dispute won releases the held payments: they execute once, even with the close delivered twice', async () => {
    const { owner, invoice, paymentIds } = await heldByDispute();
    const closeId = await decideDispute(owner.org.id, 'won');
    expect(await releaseOf(owner.headers, invoice.id)).toMatchObject({ status: 'released', reason: null });
    expect(await statusesOf(owner.headers, paymentIds)).not.toContain('draft');
    expect(await executions(owner.org.id)).toBe(1);

    await ctx.deps.db.update(providerEvents).set({ processed_at: null }).where(eq(providerEvents.id, closeId));
    await handleProviderEvent(ctx.deps, closeId);
    await releasePaidInvoices(ctx.deps, owner.org.id);
    expect(await executions(owner.org.id)).toBe(1);
  });

  it('a dispute lost leaves them held and says so', async () => {
    const { owner, invoice, paymentIds } = await heldByDispute();
    await decideDispute(owner.org.id, 'lost');
    expect(await releaseOf(owner.headers, invoice.id)).toMatchObject({ status: 'held', reason: paymentReleaseMessages.disputeLost });
    await releasePaidInvoices(ctx.deps, owner.org.id);
    const execute = await call('PUT', '/v1/payments/initiate', owner.headers, { ids: paymentIds });
    expect(execute.json()).toMatchObject({ processing: 0, waiting: [{ id: paymentIds[0], reason: paymentReleaseMessages.disputeLost }] });
    expect(await statusesOf(owner.headers, paymentIds)).toEqual(['draft']);
    expect(await executions(owner.org.id)).toBe(0);
  });

  it("lists the campaign's payments waiting on an invoice, with the label Execute uses, to its own organisation only", async () => {
    const { owner, campaign, invoice, paymentIds } = await markedInvoice(10_000, [3_000, 2_000]);
    const number = (await call('GET', `/v1/invoices/${invoice.id}`, owner.headers)).json().number as string;
    const listed = await call('GET', `/v1/payment_releases?payment_group_id=${campaign.id}`, owner.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().data as { payment_id: string; status: 'waiting'; reason: null; invoice_number: string }[];
    expect(rows.map((row) => row.payment_id).sort()).toEqual([...paymentIds].sort());
    expect(rows[0]).toMatchObject({ invoice_id: invoice.id, invoice_number: number, status: 'waiting', recipient_name: 'Casey Creator' });
    expect(campaignReleaseLabel(rows[0]!)).toBe(paymentReleaseMessages.waitsForInvoice(number));
    const stranger = await createOwner(ctx.app);
    expect((await call('GET', `/v1/payment_releases?payment_group_id=${campaign.id}`, stranger.headers)).json().data).toEqual([]);
    expect((await call('GET', '/v1/payment_releases?payment_group_id=nope', owner.headers)).statusCode).toBe(400);
  });

  it('unmarked, the payments can be executed by hand again', async () => {
    const { owner, invoice, paymentIds } = await markedInvoice(10_000, [3_000]);
    const removed = await call('DELETE', `/v1/payment_releases/${invoice.id}`, owner.headers);
    expect(removed.json()).toEqual({ message: paymentReleaseMessages.unmarked });
    expect(await releaseOf(owner.headers, invoice.id)).toBeNull();
    const again = await call('DELETE', `/v1/payment_releases/${invoice.id}`, owner.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(paymentReleaseMessages.notMarked);
    await ctx.app.inject({ method: 'POST', url: '/v1/treasury/load', headers: owner.headers, payload: { amount: 100_000 } });
    const execute = await call('PUT', '/v1/payments/initiate', owner.headers, { ids: paymentIds });
    expect(execute.json().waiting).toBeUndefined();
    expect(await statusesOf(owner.headers, paymentIds)).not.toContain('draft');
  });

  it("is for owners and admins of the invoice's organisation, on an open invoice funding drafts, with clear messages", async () => {
    const { owner, campaign, invoice } = await markedInvoice(10_000, [3_000]);
    const collaborator = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await call('PUT', `/v1/payment_releases/${invoice.id}`, collaborator.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/payment_releases/${invoice.id}`, collaborator.headers)).statusCode).toBe(403);

    const other = await createOwner(ctx.app);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const answer = await call(method, `/v1/payment_releases/${invoice.id}`, other.headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('Invoice not found');
    }
    const bad = await call('PUT', '/v1/payment_releases/nope', owner.headers);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe('Not found');

    const unfunded = await sendInvoice(ctx.app, owner.headers, { customer_id: campaign.customer_id });
    const none = await call('PUT', `/v1/payment_releases/${unfunded.id}`, owner.headers);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(paymentReleaseMessages.noDrafts);
    const offline = await sendInvoice(ctx.app, owner.headers, { customer_id: campaign.customer_id, processor: 'offline' });
    const byHand = await call('PUT', `/v1/payment_releases/${offline.id}`, owner.headers);
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toBe(paymentReleaseMessages.offline);
    await ctx.app.inject({ method: 'POST', url: `/v1/invoices/${unfunded.id}/cancel`, headers: owner.headers });
    const canceled = await call('PUT', `/v1/payment_releases/${unfunded.id}`, owner.headers);
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().message).toBe(paymentReleaseMessages.notOpen);
  });
});
