import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { payeeLinkOf } from '../../../test/tax-form-fixtures.ts';
import { taxDeliveryConsents } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const linkConsent = (linkId: string, payload?: object) =>
  ctx.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/v1/expiring_link/tax_delivery_consent?id=${linkId}`,
    headers: { 'user-agent': 'PayeeBrowser/2.0' },
    ...(payload ? { payload } : {}),
  });
const historyOf = (payeeId: string) =>
  ctx.deps.db.select().from(taxDeliveryConsents).where(eq(taxDeliveryConsents.payee_id, payeeId)).orderBy(taxDeliveryConsents.id);

describe('consent to electronic delivery through the payee link', () => {
  it('is given then withdrawn, each answer kept with its time, IP and user agent; the latest is the state', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers);
    const linkId = await payeeLinkOf(ctx.app, owner.headers, creator);
    expect((await linkConsent(linkId)).json()).toBeNull();

    const given = await linkConsent(linkId, { consented: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ payee_id: creator.id, consented: true, source: 'payee_link' });
    const withdrawn = await linkConsent(linkId, { consented: false });
    expect(withdrawn.json()).toMatchObject({ consented: false });
    expect((await linkConsent(linkId)).json()).toMatchObject({ payee_id: creator.id, consented: false, source: 'payee_link' });

    const history = await historyOf(creator.id);
    expect(history.map((row) => row.consented)).toEqual([true, false]);
    for (const row of history) {
      expect(row).toMatchObject({ payee_type: 'creator', ip_address: '127.0.0.1', user_agent: 'PayeeBrowser/2.0', source: 'payee_link' });
      expect(row.recorded_at).toBeInstanceOf(Date);
    }
    expect(history[0]!.recorded_at.toISOString()).toBe(given.json().recorded_at);
  });

  it('refuses a missing or non-boolean answer and an unknown link', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers);
    const linkId = await payeeLinkOf(ctx.app, owner.headers, creator);
    for (const payload of [{}, { consented: 'yes' }, { consented: null }]) {
      const refused = await linkConsent(linkId, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'consented' });
    }
    expect((await linkConsent('not-a-link', { consented: true })).statusCode).toBe(410);
    expect((await linkConsent('x'.repeat(101))).statusCode).toBe(400);
    expect(await historyOf(creator.id)).toEqual([]);
  });
});

describe('consent to electronic delivery through the portal', () => {
  it('only the payee answers for their own record; another organisation or person cannot', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const url = `/v1/portal/tax_delivery_consent/${creator.id}`;
    const given = await inject('POST', url, creator.headers, { consented: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ payee_id: creator.id, consented: true, source: 'portal' });
    expect((await inject('GET', '/v1/portal/tax_delivery_consents', creator.headers)).json()).toEqual([given.json()]);

    const stranger = await createOwner(ctx.app);
    expect((await inject('POST', url, stranger.headers, { consented: false })).statusCode).toBe(403);
    expect((await inject('POST', url, owner.headers, { consented: false })).statusCode).toBe(403);
    const other = await portalCreator(ctx.app, stranger.headers);
    expect((await inject('POST', url, other.headers, { consented: false })).statusCode).toBe(404);
    expect((await inject('GET', '/v1/portal/tax_delivery_consents', other.headers)).json()).toEqual([]);
    expect((await inject('POST', '/v1/portal/tax_delivery_consent/not-a-uuid', creator.headers, { consented: true })).statusCode).toBe(404);
    expect((await inject('POST', url, {}, { consented: true })).statusCode).toBe(401);

    const withdrawn = await inject('POST', url, creator.headers, { consented: false });
    expect(withdrawn.json()).toMatchObject({ consented: false, source: 'portal' });
    expect((await historyOf(creator.id)).map((row) => row.consented)).toEqual([true, false]);
  });
});
