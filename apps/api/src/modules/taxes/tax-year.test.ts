import { beforeAll, describe, expect, it } from 'vitest';
import { taxMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { payAndPost, taxableCreator } from '../../../test/tax-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

describe('the tax year is the server clock’s, the clock that dates payments', () => {
  it('lists and files a payment posted after the sandbox clock moved into next year under next year, and refuses the year after', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const nextYear = new Date().getUTCFullYear() + 1;
    // An hour into next year by the sandbox clock, while the real calendar stays in this one.
    await advanceClock(ctx.app, Math.ceil((Date.UTC(nextYear, 0, 1) - Date.now()) / 1000) + 3_600);
    const creator = await taxableCreator(ctx, owner.headers, { first_name: 'Jan', last_name: 'Uary' });
    await payAndPost(ctx, owner.headers, creator.id, [250_000]);

    // Without a year, Paid Users is the server's current year: the payment is there, not in the calendar's year.
    const current = await inject('GET', '/v1/taxes/users', owner.headers);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ year: nextYear, total: 1 });
    expect(current.json().data[0]).toMatchObject({ id: creator.id, total: 250_000 });
    expect((await inject('GET', `/v1/taxes/users?year=${nextYear - 1}`, owner.headers)).json()).toMatchObject({ total: 0 });

    const run = await inject('POST', '/v1/taxes', owner.headers, { year: nextYear, method: 'download', userIds: [creator.id] });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ status: 'succeeded', year: nextYear, generated: [{ id: creator.id, compensation: 250_000 }] });

    // The year after the server's is refused as a year before 2022 is: 400 in a body or query, 404 in a path.
    const later = nextYear + 1;
    const refusedBody = await inject('POST', '/v1/taxes', owner.headers, { year: later, method: 'download', userIds: [creator.id] });
    expect(refusedBody.statusCode).toBe(400);
    expect(refusedBody.json().message).toBe(taxMessages.year);
    const refusedQuery = await inject('GET', `/v1/taxes/users?year=${later}`, owner.headers);
    expect(refusedQuery.statusCode).toBe(400);
    expect(refusedQuery.json().message).toBe(taxMessages.year);
    for (const path of ['filing', 'corrections', 'corrections/file', 'corrections/pdf']) {
      const refusedPath = await inject('GET', `/v1/taxes/${later}/${path}`, owner.headers);
      expect(refusedPath.statusCode, path).toBe(404);
      expect(refusedPath.json().message).toBe(taxMessages.year);
    }
  });
});
