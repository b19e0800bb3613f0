import { beforeAll, describe, expect, it } from 'vitest';
import type { TimelineEvent, TimelinePage } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg, executeNew } from '../../../test/approval-fixtures.ts';
import { addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { sendContract } from '../../../test/contract-fixtures.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function timeline(headers: Headers, path: string): Promise<TimelineEvent[]> {
  const response = await inject('GET', `/v1/${path}/timeline`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TimelinePage>().data;
}
/** The story in short: action, who, why, how much. */
const story = (events: TimelineEvent[]) => events.map((event) => [event.action, event.actor.name, event.reason, event.amount] as const);

describe('object timelines', () => {
  it("tells a payment's story: created, executed, held, approved with the approver's reason; another rejected and why", async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [10_000, 20_000]);
    const [approved, rejected] = drafts;
    expect(
      (await inject('POST', `/v1/approvals/${approved!.id}/approve`, second.headers, { reason: 'Checked the contract' })).statusCode,
    ).toBe(200);
    expect((await inject('POST', `/v1/approvals/${rejected!.id}/reject`, second.headers, { reason: 'Wrong campaign' })).statusCode).toBe(
      200,
    );

    const sent = await timeline(owner.headers, `payments/${approved!.id}`);
    const amount = (await inject('GET', `/v1/payments/${approved!.id}`, owner.headers)).json().amount;
    expect(story(sent)).toEqual([
      ['created', admin.user.email, null, 10_000],
      ['executed', admin.user.email, null, amount],
      ['held_for_approval', 'the approval rules', 'Every payment needs approval', null],
      ['approved', second.user.email, 'Checked the contract', null],
    ]);
    expect(sent.map((event) => event.label)).toEqual(['Created', 'Executed', 'Held for approval', 'Approved']);
    // Times in order, as instants the page formats.
    expect(sent.map((event) => event.at)).toEqual([...sent.map((event) => event.at)].sort());
    expect(story(await timeline(owner.headers, `payments/${rejected!.id}`)).slice(-1)).toEqual([
      ['rejected', second.user.email, 'Wrong campaign', null],
    ]);
    // The audit rows name their target and the money: the audit log links them to the payment.
    const audit = (await inject('GET', '/v1/audit_log?action=payments.reject', owner.headers)).json().entries;
    expect(audit).toEqual([expect.objectContaining({ target_id: rejected!.id, target_type: 'payment', amount: expect.any(Number) })]);
    const executed = (await inject('GET', '/v1/audit_log?action=payments.execute', owner.headers)).json().entries;
    expect(executed).toEqual([
      expect.objectContaining({ amount: expect.any(Number), details: expect.objectContaining({ batch_id: expect.any(String) }) }),
    ]);
  });

  it("says who changed a draft's amount and who deleted it", async () => {
    const { owner, headers } = await ownerWithCreatorPayment();
    const payment = owner.payment;
    expect((await inject('PUT', '/v1/payments', headers, { id: payment.id, earnings: 12_000 })).statusCode).toBe(200);
    expect((await inject('DELETE', '/v1/payments', headers, { ids: [payment.id] })).statusCode).toBe(200);
    const events = story(await timeline(headers, `payments/${payment.id}`));
    expect(events.map(([action, actor]) => [action, actor])).toEqual([
      ['created', owner.email],
      ['amount_edited', owner.email],
      ['deleted', owner.email],
    ]);
    expect(events[1]![3]).toBeGreaterThan(0);
    // The audit export names the target's kind and the amount, as the Audit log screen links them.
    const csv = await inject('GET', '/v1/audit_log/export?action=payments.amount_edit', headers);
    const [header, row] = csv.body.split('\r\n');
    expect(header).toBe('time,action,description,by,as,target_type,target_id,amount,status,details');
    expect(row).toContain(`,payment,${payment.id},${(events[1]![3]! / 100).toFixed(2)},`);
  });

  it("tells an invoice's story (created with its amount, edited, canceled by whom) and a contract's (created, sent, invalidated)", async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { amount: 25_000, customer_id: customer.id });
    expect((await inject('PUT', `/v1/invoices/${invoice.id}`, owner.headers, { title: 'Summer campaign' })).statusCode).toBe(200);
    expect((await inject('POST', `/v1/invoices/${invoice.id}/cancel`, owner.headers)).statusCode).toBe(200);
    const name = owner.user.email;
    expect(story(await timeline(owner.headers, `invoices/${invoice.id}`))).toEqual([
      ['created', name, null, 25_000],
      ['edited', name, null, null],
      ['canceled', name, null, null],
    ]);

    const creator = await addCreator(ctx.app, owner.headers);
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    expect((await inject('PUT', `/v1/contracts/${contract.id}/invalidate`, owner.headers)).statusCode).toBe(200);
    expect(story(await timeline(owner.headers, `contracts/${contract.id}`))).toEqual([
      ['created', name, null, null],
      ['sent', name, null, null],
      ['invalidated', name, null, null],
    ]);
    const creatorEvents = await timeline(owner.headers, `creators/${creator.id}`);
    expect(creatorEvents[0]).toMatchObject({ action: 'created', label: 'Created' });
  });

  it('puts the creation first once the sandbox clock has moved: an invoice dated by the clock, then edited (audit rows keep real time), reads created then edited', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const customer = await addCustomer(ctx.app, owner.headers);
    expect((await advanceClock(ctx.app, 3 * 24 * 3600)).statusCode).toBe(200);
    const invoice = await sendInvoice(ctx.app, owner.headers, { amount: 18_000, customer_id: customer.id });
    expect((await inject('PUT', `/v1/invoices/${invoice.id}`, owner.headers, { title: 'Autumn campaign' })).statusCode).toBe(200);
    expect(story(await timeline(owner.headers, `invoices/${invoice.id}`)).map(([action]) => action)).toEqual(['created', 'edited']);
  });

  it('is read by every staff member, pages by cursor, and never shows another organisation or a payee', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [10_000]);
    const id = drafts[0]!.id;
    expect((await inject('POST', `/v1/approvals/${id}/approve`, second.headers, { reason: 'ok' })).statusCode).toBe(200);
    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    const whole = await timeline(owner.headers, `payments/${id}`);
    expect(whole.find((event) => event.action === 'approved')?.reason).toBe('ok');
    // A member reads the same story, but an approver's reason stays with owners and admins.
    const forMember = await timeline(member.headers, `payments/${id}`);
    expect(forMember).toEqual(whole.map((event) => (event.action === 'approved' ? { ...event, reason: null } : event)));

    // One event a page, each page after the last one's cursor: the same story.
    const paged: TimelineEvent[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?page_size=1&starting_after=${cursor}` : '?page_size=1';
      const page = (await inject('GET', `/v1/payments/${id}/timeline${query}`, owner.headers)).json<TimelinePage>();
      paged.push(...page.data);
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(paged).toEqual(whole);

    const outsider = await createOwner(ctx.app);
    for (const path of ['payments', 'invoices', 'contracts', 'creators']) {
      const other = await inject('GET', `/v1/${path}/${id}/timeline`, outsider.headers);
      expect(other.statusCode, path).toBe(404);
    }
    expect((await inject('GET', `/v1/creators/${creator.id}/timeline`, outsider.headers)).statusCode).toBe(404);
    const payee = await createMember(ctx.deps, owner.org.id, 'creator');
    expect((await inject('GET', `/v1/payments/${id}/timeline`, payee.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/v1/payments/${id}/timeline`, {})).statusCode).toBe(401);
    expect((await inject('GET', '/v1/payments/not-an-id/timeline', owner.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v1/payments/${id}/timeline?starting_after=bad`, owner.headers)).statusCode).toBe(400);
    expect((await inject('GET', `/v1/payments/${id}/timeline?page_size=0`, owner.headers)).statusCode).toBe(400);
  });
});

/** An owner and a draft payment to a creator. */
async function ownerWithCreatorPayment() {
  const owner = await fundedOwner(ctx.app);
  const creator = await addCreator(ctx.app, owner.headers);
  const [payment] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
  return { owner: { email: owner.user.email, payment: payment! }, headers: owner.headers };
}
