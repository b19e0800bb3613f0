import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { approvalsOrg } from '../../../test/approval-fixtures.ts';
import { campaignDraft, setGate } from '../../../test/gate-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { addCreatorAbroad, CORRIDOR_PAYEES } from '../../../test/abroad-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
type Selection = { headers: Headers; ids: string[] };
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

/**
 * The five kinds of wait, each beside a payment that waits for nothing. The invoice case first:
 * preview once counted its draft as executed ("2 payments, $170.00") while Execute skipped it.
 */
const selections: [string, () => Promise<Selection>][] = [
  [
    'an edit: entered in pounds, and its payee since paid by US bank',
    async () => {
      const owner = await fundedOwner(ctx.app);
      const payee = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
      const drafts = await createDrafts(ctx.app, owner.headers, [
        paymentRow(payee.id, 40_000, { amount_currency: 'GBP' }),
        paymentRow(payee.id, 9_000),
      ]);
      const moved = await call('PUT', `/v1/creators/${payee.id}`, owner.headers, {
        id: payee.id,
        ...BANK,
        selected_payment_method: 'stripe',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      return { headers: owner.headers, ids: drafts.map((draft) => draft.id) };
    },
  ],
  [
    'an invoice that releases its payments when paid',
    async () => {
      const owner = await fundedOwner(ctx.app);
      const campaign = await addCampaign(ctx.app, owner.headers);
      const creator = await addCreator(ctx.app, owner.headers, BANK);
      const drafts = await createDrafts(ctx.app, owner.headers, [
        paymentRow(creator.id, 5_000, { payment_group_id: campaign.id }),
        paymentRow(creator.id, 12_000, { payment_group_id: campaign.id }),
      ]);
      const invoice = await sendInvoice(ctx.app, owner.headers, {
        customer_id: campaign.customer_id,
        payment_group_id: campaign.id,
        amount: 12_000,
        funded_payments: [drafts[1]!.id],
      });
      const marked = await call('PUT', `/v1/payment_releases/${invoice.id}`, owner.headers);
      expect(marked.statusCode, marked.body).toBe(200);
      return { headers: owner.headers, ids: drafts.map((draft) => draft.id) };
    },
  ],
  [
    'a contract or a deliverable',
    async () => {
      const { owner, creator, campaign, draft } = await campaignDraft(ctx.app);
      const gated = await setGate(ctx.app, owner.headers, draft.id, { requires_contract: true, deliverable_id: null });
      expect(gated.statusCode, gated.body).toBe(200);
      const [free] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 7_000, { payment_group_id: campaign.id })]);
      return { headers: owner.headers, ids: [draft.id, free!.id] };
    },
  ],
  [
    'an approval',
    async () => {
      const { owner, creator } = await approvalsOrg(ctx.app, ctx.deps, { above_amount: 20_000 });
      const drafts = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000), paymentRow(creator.id, 30_000)]);
      return { headers: owner.headers, ids: drafts.map((draft) => draft.id) };
    },
  ],
  [
    'payout details',
    async () => {
      const owner = await fundedOwner(ctx.app);
      const [withBank, without] = [await addCreator(ctx.app, owner.headers, BANK), await addCreator(ctx.app, owner.headers)];
      const drafts = await createDrafts(ctx.app, owner.headers, [paymentRow(withBank.id, 10_000), paymentRow(without.id, 20_000)]);
      return { headers: owner.headers, ids: drafts.map((draft) => draft.id) };
    },
  ],
];

/** The owner edits a draft to `earnings` cents in USD, all of it the payee's. */
async function enterInDollars(headers: Headers, id: string, earnings: number) {
  const edited = await call('PUT', '/v1/payments', headers, { id, earnings, split: 100, amount_currency: 'USD' });
  expect(edited.statusCode, edited.body).toBe(200);
}

const waitingIds = (answer: { waiting?: { id: string }[] }) => (answer.waiting ?? []).map((row) => row.id).sort();

describe('Preview and Execute carry out one plan', () => {
  it.each(selections)('agree on a selection with a payment waiting for %s', async (_kind, select) => {
    const { headers, ids } = await select();
    const previewed = await call('POST', '/v1/payments/initiate/preview', headers, { ids });
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json();
    const executed = await call('PUT', '/v1/payments/initiate', headers, { ids });
    expect(executed.statusCode, executed.body).toBe(200);
    const answer = executed.json();

    // Every selection has one payment that waits for nothing and one that waits.
    expect(preview.count).toBe(answer.processing + answer.requires_info + answer.awaiting_approval);
    expect(preview.amount + preview.fees).toBe(answer.held);
    expect(preview.requires_info).toBe(answer.requires_info);
    expect(waitingIds(preview)).toEqual(waitingIds(answer));
    expect(preview.outcomes).toEqual(answer.outcomes);
    const { sent, needs_payout_details, held_for_approval, waiting } = answer.outcomes;
    expect(sent.count + needs_payout_details.count + held_for_approval.count + waiting.count).toBe(ids.length);
    expect(sent.count).toBe(1);
  });

  it('agree on a payment entered in the payee’s currency: both take the confirmed quote’s dollars for the amount entered', async () => {
    const owner = await fundedOwner(ctx.app);
    expect((await call('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 500_000 })).statusCode).toBe(200);
    const payee = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const [pounds, dollars] = await createDrafts(ctx.app, owner.headers, [
      paymentRow(payee.id, 40_000, { amount_currency: 'GBP' }),
      paymentRow(payee.id, 9_000),
    ]);
    const ids = [pounds!.id, dollars!.id];
    const quoted = await call('POST', '/v1/payments/initiate/quotes', owner.headers, { ids });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quotes: { payment_id: string; quote_id: string; source_amount: number; destination_amount: number }[] = quoted.json().quotes;
    const ofPounds = quotes.find((quote) => quote.payment_id === pounds!.id)!;
    expect(ofPounds.destination_amount).toBe(40_000);
    const body = { ids, quote_ids: quotes.map((quote) => quote.quote_id) };
    const preview = (await call('POST', '/v1/payments/initiate/preview', owner.headers, body)).json();
    const executed = await call('PUT', '/v1/payments/initiate', owner.headers, body);
    expect(executed.statusCode, executed.body).toBe(200);
    const answer = executed.json();
    expect(preview.outcomes).toEqual(answer.outcomes);
    expect(preview.count).toBe(2);
    expect(preview.amount).toBe(ofPounds.source_amount + 9_000);
    expect(answer.outcomes.sent).toMatchObject({ count: 2, amount: ofPounds.source_amount + 9_000 });
  });

  it('never pays the dollar estimate of pounds to a payee no longer paid in pounds: the draft waits for an edit, then goes', async () => {
    const owner = await fundedOwner(ctx.app);
    const payee = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const [pounds] = await createDrafts(ctx.app, owner.headers, [paymentRow(payee.id, 40_000, { amount_currency: 'GBP' })]);
    const moved = await call('PUT', `/v1/creators/${payee.id}`, owner.headers, {
      id: payee.id,
      ...BANK,
      selected_payment_method: 'stripe',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const balance = async () => (await call('GET', '/v1/treasury', owner.headers)).json().balance;
    const before = await balance();

    const answer = (await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [pounds!.id] })).json();
    expect(answer.outcomes.waiting.reasons).toEqual([
      { kind: 'currency', reason: 'Entered in GBP, and its payee is no longer paid in GBP: edit its amount', count: 1 },
    ]);
    expect(answer.message).toBe(
      'No payment is sent now\n1 payment: Entered in GBP, and its payee is no longer paid in GBP: edit its amount',
    );
    expect((await call('GET', `/v1/payments/${pounds!.id}`, owner.headers)).json()).toMatchObject({
      status: 'draft',
      amount_currency: 'GBP',
    });
    expect(await balance()).toEqual(before);

    // Entered again in dollars, it is paid as any payment by bank.
    await enterInDollars(owner.headers, pounds!.id, 50_000);
    const paid = (await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [pounds!.id] })).json();
    expect(paid.outcomes.sent).toMatchObject({ count: 1, amount: 50_000 });
  });

  it('keeps backup withholding in dollars: a payment in pounds to a payee who owes it waits to be entered in USD', async () => {
    const owner = await fundedOwner(ctx.app);
    expect((await call('PUT', '/v1/taxes/backup_withholding', owner.headers, { enabled: true })).statusCode).toBe(200);
    expect((await call('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 500_000 })).statusCode).toBe(200);
    // No W-9 nor W-8 on file: the payee owes backup withholding.
    const payee = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const [pounds] = await createDrafts(ctx.app, owner.headers, [paymentRow(payee.id, 40_000, { amount_currency: 'GBP' })]);
    const quoted = (await call('POST', '/v1/payments/initiate/quotes', owner.headers, { ids: [pounds!.id] })).json();
    const body = { ids: [pounds!.id], quote_ids: quoted.quotes.map((quote: { quote_id: string }) => quote.quote_id) };
    const preview = (await call('POST', '/v1/payments/initiate/preview', owner.headers, body)).json();
    const answer = (await call('PUT', '/v1/payments/initiate', owner.headers, body)).json();
    const waits = [
      {
        kind: 'currency',
        reason: 'Entered in GBP, and its payee owes backup withholding, which is kept in US dollars: enter its amount in USD',
        count: 1,
      },
    ];
    expect(preview.outcomes.waiting.reasons).toEqual(waits);
    expect(answer.outcomes.waiting.reasons).toEqual(waits);
    expect((await call('GET', `/v1/payments/${pounds!.id}`, owner.headers)).json()).toMatchObject({
      status: 'draft',
      federal_withholdings: 0,
    });

    // In dollars, 24% is kept back and the payee is paid the rest through Nium.
    await enterInDollars(owner.headers, pounds!.id, 50_000);
    const requoted = (await call('POST', '/v1/payments/initiate/quotes', owner.headers, { ids: [pounds!.id] })).json();
    const paid = await call('PUT', '/v1/payments/initiate', owner.headers, {
      ids: [pounds!.id],
      quote_ids: requoted.quotes.map((quote: { quote_id: string }) => quote.quote_id),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await call('GET', `/v1/payments/${pounds!.id}`, owner.headers)).json()).toMatchObject({
      status: 'processing',
      amount: 38_000,
      federal_withholdings: 12_000,
    });
  });

  it('names who approves and never says money is on the way when none was sent', async () => {
    const { owner, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
    const preview = (await call('POST', '/v1/payments/initiate/preview', owner.headers, { ids: [draft!.id] })).json();
    const answer = (await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).json();
    expect(answer.outcomes.held_for_approval).toEqual({ count: 1, amount: draft!.amount, fees: draft!.fee, approver_roles: ['admin'] });
    expect(preview.outcomes).toEqual(answer.outcomes);
    expect(answer.message).toBe('1 payment is held for approval by an admin; nothing is sent until approved');
    expect(answer.message).not.toContain('on the way');
  });
});
