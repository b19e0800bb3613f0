import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timelineActorText, type TimelineActor, type TimelineEvent, type TimelinePage } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg, executeNew } from '../../../test/approval-fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { postContract, sendContract, twoPagePdf } from '../../../test/contract-fixtures.ts';
import { addCreator, createOwner, latestLinkId, upgradePlan } from '../../../test/fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow, submitPayeeLinkAsLin } from '../../../test/payment-fixtures.ts';

// Issue 44: every step of a timeline says who did it: a team member by name, the payee, the
// customer, the signer, Crewpay on its own, or, where nothing recorded who, that it was not recorded.

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

/** Each step as [action, who]: who is the actor's kind and name ("user:Olivia Owner", "system", "unknown"). */
const who = (actor: TimelineActor) => (actor.name ? `${actor.kind}:${actor.name}` : actor.kind);
const steps = (events: TimelineEvent[]) => events.map((event) => [event.action, who(event.actor)]);

/** Gives a user a real name, as Settings > Profile does. */
async function nameUser(id: string, first: string, last: string): Promise<string> {
  await ctx.deps.db.execute(sql`UPDATE users SET first_name = ${first}, last_name = ${last} WHERE id = ${id}`);
  return `${first} ${last}`;
}

/** Another organisation's owner asks for each timeline by its real id: not found, as the object itself. */
async function expectHiddenFromOthers(path: string) {
  const outsider = await createOwner(ctx.app);
  const response = await inject('GET', `/v1/${path}/timeline`, outsider.headers);
  expect(response.statusCode, path).toBe(404);
}

describe('who did each step of a timeline', () => {
  it('payment: the maker, the executor and the approver by name, the hold by the approval rules; a row older than the audit log says who is not recorded', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const maker = await nameUser(admin.user.id, 'Mara', 'Maker');
    const checker = await nameUser(second.user.id, 'Chet', 'Checker');
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [10_000]);
    const id = drafts[0]!.id;
    expect((await inject('POST', `/v1/approvals/${id}/approve`, second.headers, { reason: 'Checked' })).statusCode).toBe(200);
    const events = await timeline(owner.headers, `payments/${id}`);
    expect(steps(events)).toEqual([
      ['created', `user:${maker}`],
      ['executed', `user:${maker}`],
      ['held_for_approval', 'system:the approval rules'],
      ['approved', `user:${checker}`],
    ]);
    expect(events.find((event) => event.action === 'created')!.actor).toEqual({ kind: 'user', id: admin.user.id, name: maker });
    expect(events.map((event) => `${event.label} ${timelineActorText(event.actor)}`)).toEqual([
      `Created by ${maker}`,
      `Executed by ${maker}`,
      'Held for approval by the approval rules',
      `Approved by ${checker}`,
    ]);

    // A payment made before its maker was recorded, executed before executions named their batch,
    // then posted by the payout: who made and executed it is not recorded; the posting was Crewpay's.
    const [older] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 5_000)]);
    await ctx.deps.db.execute(sql`UPDATE payments SET created_by_user_id = NULL, status = 'succeeded', fee_reference_id = ${older!.id},
      date_initiated = now(), date_posted = now() + interval '1 second' WHERE id = ${older!.id}`);
    const olderEvents = await timeline(owner.headers, `payments/${older!.id}`);
    expect(steps(olderEvents)).toEqual([
      ['created', 'unknown'],
      ['executed', 'unknown'],
      ['posted', 'system'],
    ]);
    expect(olderEvents.map((event) => `${event.label} ${timelineActorText(event.actor)}`).slice(0, 2)).toEqual([
      'Created · who: not recorded',
      'Executed · who: not recorded',
    ]);
    // Its maker's account removed since: a member did it, and the page says the account is gone.
    const removed = '00000000-0000-4000-8000-000000000001';
    await ctx.deps.db.execute(sql`UPDATE payments SET created_by_user_id = ${removed} WHERE id = ${older!.id}`);
    const gone = (await timeline(owner.headers, `payments/${older!.id}`))[0]!;
    expect(gone.actor).toEqual({ kind: 'user', id: null, name: null });
    expect(timelineActorText(gone.actor)).toBe('by a team member whose account was removed');

    await expectHiddenFromOthers(`payments/${id}`);
  });

  it('payment: waiting for payout details is the system, the payee giving them is named on the payee', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Lin', last_name: 'Link' });
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id)]);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
    const ownerName = owner.user.email;
    expect(steps(await timeline(owner.headers, `payments/${draft!.id}`))).toEqual([
      ['created', `user:${ownerName}`],
      ['executed', `user:${ownerName}`],
      ['waiting_for_details', 'system'],
    ]);

    // The payee gives their details by the emailed link: their own change, under their name.
    const submitted = await submitPayeeLinkAsLin(ctx.app, creator.email);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // A staff member's change is theirs.
    expect(
      (await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, account_number: '000999888777' })).statusCode,
    ).toBe(200);
    const creatorEvents = await timeline(owner.headers, `creators/${creator.id}`);
    expect(steps(creatorEvents)).toEqual([
      ['created', `user:${ownerName}`],
      ['payout_details_changed', 'payee:Lin Link'],
      ['payout_details_changed', `user:${ownerName}`],
    ]);
    expect(timelineActorText(creatorEvents[1]!.actor)).toBe('by Lin Link (payee)');
  });

  it('invoice: created and edited by name, paid by the customer, an offline one marked paid by the member (one step, not an edit too), a bulk cancel by whoever canceled', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const ownerName = await nameUser(owner.user.id, 'Olivia', 'Owner');
    const customer = await addCustomer(ctx.app, owner.headers, { name: 'Fabrikam Brands' });
    const invoice = await sendInvoice(ctx.app, owner.headers, { amount: 25_000, customer_id: customer.id });
    expect((await inject('PUT', `/v1/invoices/${invoice.id}`, owner.headers, { title: 'Summer campaign' })).statusCode).toBe(200);
    const paid = await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, '4242424242424242'));
    expect(paid.json().status, paid.body).toBe('succeeded');
    const events = await timeline(owner.headers, `invoices/${invoice.id}`);
    expect(steps(events)).toEqual([
      ['created', `user:${ownerName}`],
      ['edited', `user:${ownerName}`],
      ['paid', 'customer:Fabrikam Brands'],
    ]);
    expect(timelineActorText(events[2]!.actor)).toBe('by Fabrikam Brands (customer)');

    const offline = await sendInvoice(ctx.app, owner.headers, { amount: 9_000, customer_id: customer.id, processor: 'offline' });
    expect((await inject('PUT', `/v1/invoices/${offline.id}`, owner.headers, { status: 'succeeded' })).statusCode).toBe(200);
    expect(steps(await timeline(owner.headers, `invoices/${offline.id}`))).toEqual([
      ['created', `user:${ownerName}`],
      ['paid', `user:${ownerName}`],
    ]);

    // Cancel selected records who canceled each invoice (it recorded nobody before).
    const [first, secondInvoice] = [
      await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id }),
      await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id }),
    ];
    expect((await inject('POST', '/v1/invoices/cancel', owner.headers, { ids: [first.id, secondInvoice.id] })).statusCode).toBe(200);
    for (const canceled of [first, secondInvoice])
      expect(steps(await timeline(owner.headers, `invoices/${canceled.id}`))).toEqual([
        ['created', `user:${ownerName}`],
        ['canceled', `user:${ownerName}`],
      ]);

    // An invoice older than its creator's column and canceled before cancels were recorded: when, and that who is not recorded.
    const old = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
    await ctx.deps.db.execute(sql`UPDATE invoices SET created_by = NULL, status = 'canceled', canceled_at = now() WHERE id = ${old.id}`);
    expect(steps(await timeline(owner.headers, `invoices/${old.id}`))).toEqual([
      ['created', 'unknown'],
      ['canceled', 'unknown'],
    ]);

    await expectHiddenFromOthers(`invoices/${invoice.id}`);
  });

  it('contract: created and sent by name, signed by the name the signer signed with; one uploaded signed, or older than the audit log, says who is not recorded', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const ownerName = await nameUser(owner.user.id, 'Olivia', 'Owner');
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Nadia', last_name: 'Rowe' });
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    const linkId = await latestLinkId(ctx.app, creator.email, '/sign/');
    const signed = await ctx.app.inject({
      method: 'POST',
      url: `/v1/contract_signing/${linkId}`,
      payload: { signer_name: 'Nadia J. Rowe', signature_type: 'typed', consent: true },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const events = await timeline(owner.headers, `contracts/${contract.id}`);
    expect(steps(events)).toEqual([
      ['created', `user:${ownerName}`],
      ['sent', `user:${ownerName}`],
      ['signed', 'signer:Nadia J. Rowe'],
    ]);
    expect(events.map((event) => `${event.label} ${timelineActorText(event.actor)}`)).toEqual([
      `Created by ${ownerName}`,
      `Sent for signature by ${ownerName}`,
      'Signed by Nadia J. Rowe',
    ]);

    // A file uploaded as already signed was signed elsewhere: who signed it is not recorded.
    const plain = await postContract(
      ctx.app,
      owner.headers,
      { title: 'Signed on paper', type: 'plain_file', recipient: creator.id, recipient_type: 'creator', expiration_date: '2099-12-31' },
      { name: 'paper.pdf', bytes: await twoPagePdf() },
    );
    expect(plain.statusCode, plain.body).toBe(200);
    expect(steps(await timeline(owner.headers, `contracts/${plain.json().id}`))).toEqual([
      ['created', `user:${ownerName}`],
      ['signed', 'unknown'],
    ]);

    // Made and invalidated before either was recorded.
    const old = await sendContract(ctx.app, owner.headers, creator.id);
    await ctx.deps.db.execute(sql`UPDATE contracts SET created_by = NULL, status = 'canceled' WHERE id = ${old.id}`);
    expect(steps(await timeline(owner.headers, `contracts/${old.id}`))).toEqual([
      ['created', 'unknown'],
      ['sent', 'unknown'],
      ['invalidated', 'unknown'],
    ]);

    await expectHiddenFromOthers(`contracts/${contract.id}`);
  });

  it('creator: added by name (the display name first; its importer too), a tax form by its signer; one added before it was recorded says so', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    await nameUser(owner.user.id, 'Olivia', 'Owner');
    // The name they chose to be shown by (Settings > Profile) comes first, as everywhere in the app.
    expect((await inject('PUT', '/v1/user', owner.headers, { display_name: 'Liv O.' })).statusCode).toBe(200);
    const ownerName = 'Liv O.';
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Tess', last_name: 'Timeline' });
    await upgradePlan(ctx.app, owner.headers);
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/v1/creators/bulk?invite=never',
      headers: { ...owner.headers, 'idempotency-key': `import-${creator.id}` },
      payload: [{ email: `imported-${creator.id}@example.com`, first_name: 'Ivy', last_name: 'Import' }],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const list = await inject('GET', `/v1/creators?search=${encodeURIComponent(`imported-${creator.id}`)}`, owner.headers);
    const importedId = (list.json().data as { id: string }[])[0]!.id;
    for (const id of [creator.id, importedId])
      expect(steps(await timeline(owner.headers, `creators/${id}`))).toEqual([['created', `user:${ownerName}`]]);

    await ctx.deps.db.execute(sql`UPDATE creators SET created_by = NULL WHERE id = ${creator.id}`);
    await ctx.deps.db.execute(sql`INSERT INTO tax_forms (id, payee_type, payee_id, form_type, name, fields, signer_name, signed_at,
        ip_address, user_agent, source, pdf_sealed)
      VALUES (gen_random_uuid(), 'creator', ${creator.id}, 'w9', 'Tess Timeline', '{}'::jsonb, 'Tess Timeline', now(),
        '203.0.113.7', 'Vitest', 'portal', 'sealed')`);
    expect(steps(await timeline(owner.headers, `creators/${creator.id}`))).toEqual([
      ['created', 'unknown'],
      ['tax_form_received', 'signer:Tess Timeline'],
    ]);

    await expectHiddenFromOthers(`creators/${creator.id}`);
  });
});
