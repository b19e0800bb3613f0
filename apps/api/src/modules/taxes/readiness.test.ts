import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { payAndPost, taxableCreator } from '../../../test/tax-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

describe("Paid Users say who is ready for the year's forms", () => {
  it('gives each payee their tax form, whether a TIN is known and whether the address is complete', async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const ready = await taxableCreator(ctx, owner.headers, { first_name: 'Ada', last_name: 'Ready' });
    const bare = await addCreator(ctx.app, owner.headers, { ...BANK, first_name: 'Ben', last_name: 'Bare' });
    await payAndPost(ctx, owner.headers, ready.id, [70_000]);
    await payAndPost(ctx, owner.headers, bare.id, [70_000]);
    const page = (await inject('GET', `/v1/taxes/users?year=${new Date().getUTCFullYear()}`, owner.headers)).json();
    const byName = new Map(page.data.map((row: { name: string }) => [row.name, row]));
    expect(byName.get('Ada Ready')).toMatchObject({ readiness: { tax_form: null, has_tin: true, has_address: true } });
    expect(byName.get('Ben Bare')).toMatchObject({ readiness: { tax_form: null, has_tin: false, has_address: false } });
  });
});
