import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { newStripeClient } from '../../providers/clients/stripe-client.ts';
import { listOutbox } from '../email/index.ts';
import { invoiceToPay, liveWorld, postingsOf, stripeAccountsOf } from '../../../test/worlds.ts';
import { expectBooksEqualStripe } from '../../../test/books.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

type Headers = Record<string, string>;
const chargeRecord = async (headers: Headers, invoiceId: string) =>
  (await world.ctx.app.inject({ method: 'GET', url: `/v1/charges?invoice_id=${invoiceId}`, headers })).json()[invoiceId][0];
const invoiceStatus = async (headers: Headers, invoiceId: string) =>
  (await world.ctx.app.inject({ method: 'GET', url: `/v1/invoices/${invoiceId}`, headers })).json().status;
const settled = { type: 'invoice_card_settled', entries: { fees: 320, outside_bank: -10_000, payments_balance: 9_680 } };
// Disputed before its payout: Stripe takes it from the payments balance, the rest (the fee Crewpay keeps while it is open) owed.
const withdrawn = { type: 'invoice_card_disputed', entries: { outside_bank: 10_000, receivable: -320, payments_balance: -9_680 } };

async function disputedInvoice() {
  const paid = await invoiceToPay(world, 10_000);
  await world.payByCard(paid.linkId, 'dispute');
  await world.settle();
  return paid;
}

describe('the dispute lifecycle of a card payment (Stripe fake)', () => {
  it("opened: the amount leaves, shown on the invoice, owners emailed and the bell told; lost: the invoice is open again and Crewpay's fee comes back; the books equal Stripe's at each step", async () => {
    const { owner, invoice } = await disputedInvoice();
    const open = await chargeRecord(owner.headers, invoice.id);
    expect(open).toMatchObject({
      status: 'succeeded',
      refundable: 0,
      dispute: { amount: 10_000, reason: 'fraudulent', status: 'needs_response' },
    });
    expect(open.dispute.funds_withdrawn_at).toBeTruthy();
    expect(open.dispute.evidence_due_by).toBeTruthy();
    expect(await invoiceStatus(owner.headers, invoice.id)).toBe('succeeded');
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([settled, withdrawn]);
    await expectBooksEqualStripe(world, owner.org.id);
    const emails = await listOutbox(world.ctx.deps.db, { limit: 1000 });
    expect(emails.filter((item) => item.to === owner.user.email && item.subject === 'Payment disputed: Spring campaign')).toHaveLength(1);
    const bell = await world.ctx.deps.db.select().from(notifications).where(eq(notifications.org_id, owner.org.id));
    expect(bell.map((note) => note.text)).toContain("An invoice's payment of $100.00 is disputed by the payer's bank");

    await world.loseDispute(owner.org.id, invoice.id);
    expect(await chargeRecord(owner.headers, invoice.id)).toMatchObject({ status: 'reversed', dispute: { status: 'lost' } });
    expect(await invoiceStatus(owner.headers, invoice.id)).toBe('requires_info');
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([
      settled,
      withdrawn,
      { type: 'invoice_dispute_lost', entries: { fees: -320, payments_balance: 320 } },
    ]);
    const books = await expectBooksEqualStripe(world, owner.org.id);
    expect(books.ledger.fees).toBe(0);
    const closed = (await listOutbox(world.ctx.deps.db, { limit: 1000 })).filter(
      (item) => item.to === owner.user.email && item.subject === 'Dispute closed: Spring campaign',
    );
    expect(closed).toHaveLength(1);
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    expect(world.stripe.payments.state().disputes.find((dispute) => dispute.account === stripeAccount)).toMatchObject({ status: 'lost' });
  });

  it('won with evidence: the amount is reinstated as it was taken, the invoice stays paid, Crewpay keeps its fee', async () => {
    const { owner, invoice } = await disputedInvoice();
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const dispute = world.stripe.payments.state().disputes.find((row) => row.account === stripeAccount)!;
    await newStripeClient(world.ctx.deps.config.providers.stripe).disputes.update(
      dispute.id as string,
      { evidence: { uncategorized_text: 'winning_evidence' } },
      { stripeAccount },
    );
    await world.settle();
    const record = await chargeRecord(owner.headers, invoice.id);
    expect(record).toMatchObject({ status: 'succeeded', dispute: { status: 'won' } });
    expect(record.dispute.funds_reinstated_at).toBeTruthy();
    expect(await invoiceStatus(owner.headers, invoice.id)).toBe('succeeded');
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([
      settled,
      withdrawn,
      { type: 'invoice_dispute_reinstated', entries: { outside_bank: -10_000, receivable: 320, payments_balance: 9_680 } },
    ]);
    const books = await expectBooksEqualStripe(world, owner.org.id);
    expect(books.ledger).toMatchObject({ fees: 320, receivable: 0 });
  });

  it('a close that overtakes the withdrawal waits for it, then both apply in order', async () => {
    const paid = await invoiceToPay(world, 10_000);
    await world.payByCard(paid.linkId, 'dispute');
    const events = world.stripe.takeEvents();
    const { stripeAccount } = await stripeAccountsOf(world.ctx, paid.owner.org.id);
    const dispute = world.stripe.payments.state().disputes.find((row) => row.account === stripeAccount)!;
    await newStripeClient(world.ctx.deps.config.providers.stripe).disputes.close(dispute.id as string, {}, { stripeAccount });
    const closedEvent = world.stripe.takeEvents().find((event) => event.type === 'charge.dispute.closed')!;
    const deliver = (event: Record<string, unknown>) => world.stripe.deliver(world.ctx.app, event);
    for (const event of events.filter((row) => row.type !== 'charge.dispute.funds_withdrawn')) await deliver(event);
    expect((await deliver(closedEvent)).json()).toMatchObject({ stored: 1, applied: 0 });
    expect(await invoiceStatus(paid.owner.headers, paid.invoice.id)).toBe('succeeded');
    await deliver(events.find((row) => row.type === 'charge.dispute.funds_withdrawn')!);
    expect(await invoiceStatus(paid.owner.headers, paid.invoice.id)).toBe('requires_info');
    expect((await postingsOf(world, paid.owner.org.id, { invoice_id: paid.invoice.id })).map((row) => row.type)).toEqual([
      'invoice_card_settled',
      'invoice_card_disputed',
      'invoice_dispute_lost',
    ]);
    await world.settle();
    await expectBooksEqualStripe(world, paid.owner.org.id);
    const owed = await world.ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.org_id, paid.owner.org.id), eq(notifications.text, 'The dispute of a payment of $100.00 was lost')));
    expect(owed).toHaveLength(1);
  });
});
