import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow as row, walletBalance } from '../../../test/payment-fixtures.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** A W-2 creator in Texas (no state withholding), with a bank account. */
async function w2Creator(headers: Record<string, string>) {
  const creator = await addCreator(ctx.app, headers, BANK);
  const response = await injector(ctx.app)('PUT', `/v1/creators/${creator.id}`, headers, {
    id: creator.id,
    is_w2: true,
    address_state: 'TX',
  });
  expect(response.statusCode, response.body).toBe(200);
  return creator;
}
const SIXTY_THOUSAND_DOLLARS = 60_000_000;

describe('W-2 withholding is recomputed at execution against the year to date', () => {
  it('withholds 37% above the federal threshold when two drafts executed together cross it', async () => {
    const owner = await fundedOwner(ctx.app, 200_000_000);
    const inject = injector(ctx.app);
    const creator = await w2Creator(owner.headers);
    // Two separate submissions: each draft alone is under the threshold, so each says 22%.
    const [first] = await createDrafts(ctx.app, owner.headers, [row(creator.id, SIXTY_THOUSAND_DOLLARS)]);
    const [second] = await createDrafts(ctx.app, owner.headers, [row(creator.id, SIXTY_THOUSAND_DOLLARS)]);
    expect((await inject('GET', `/v1/payments/${second!.id}`, owner.headers)).json().federal_withholdings).toBe(13_200_000);

    const response = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [first!.id, second!.id] });
    expect(response.statusCode, response.body).toBe(200);
    const firstAfter = (await inject('GET', `/v1/payments/${first!.id}`, owner.headers)).json();
    const secondAfter = (await inject('GET', `/v1/payments/${second!.id}`, owner.headers)).json();
    expect(firstAfter).toMatchObject({ status: 'processing', federal_withholdings: 13_200_000, amount: 46_800_000 });
    // 40,000,000 at 22% (8,800,000) and 20,000,000 at 37% (7,400,000).
    expect(secondAfter).toMatchObject({ status: 'processing', federal_withholdings: 16_200_000, amount: 43_800_000 });
    expect(response.json().held).toBe(46_800_000 + 43_800_000);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(200_000_000 - 46_800_000 - 43_800_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('counts payments executed earlier in the sandbox year', async () => {
    const owner = await fundedOwner(ctx.app, 200_000_000);
    const inject = injector(ctx.app);
    const creator = await w2Creator(owner.headers);
    const [first] = await createDrafts(ctx.app, owner.headers, [row(creator.id, SIXTY_THOUSAND_DOLLARS)]);
    const [second] = await createDrafts(ctx.app, owner.headers, [row(creator.id, SIXTY_THOUSAND_DOLLARS)]);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [first!.id] })).statusCode).toBe(200);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [second!.id] })).statusCode).toBe(200);
    expect((await inject('GET', `/v1/payments/${second!.id}`, owner.headers)).json()).toMatchObject({
      federal_withholdings: 16_200_000,
      amount: 43_800_000,
    });
  });
});
