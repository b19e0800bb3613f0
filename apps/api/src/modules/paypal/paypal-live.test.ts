import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments, paypalLinks, providerCalls } from '../../db/schema/index.ts';
import { findBalances, reconcileLedger } from '../ledger/index.ts';
import { liveWorld } from '../../../test/worlds.ts';
import { addCreator, createOwner, upgradePlan } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { createDrafts, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { completePaypalConnect, connectPaypal, startPaypalConnect } from '../../../test/paypal-fixtures.ts';
import { OPENING_BALANCE, PARTNER_BALANCE, UNCLAIMED_RETURN_DAYS } from '../../../fakes/paypal-fake.ts';
import { PAYPAL_UNAVAILABLE } from './link.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});
// Every request Crewpay made and every answer the fake gave followed PayPal's official descriptions.
afterEach(() => expect(world.paypal.problems.splice(0)).toEqual([]));

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  injector(world.ctx.app)(method, url, headers, payload);
const fakeBalance = (merchantId: string) => world.paypal.state().merchants.find((merchant) => merchant.merchant_id === merchantId)!.balance;
const books = (orgId: string) =>
  findBalances(world.ctx.deps.db, orgId, ['paypal_available', 'paypal_held', 'wallet_available', 'wallet_held', 'fees']);
const paymentOf = async (id: string) => (await world.ctx.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** Our books' PayPal balance is the organisation's balance at PayPal; Crewpay's own PayPal balance never moves. */
async function expectBooksEqualPaypal(orgId: string, merchantId: string) {
  expect((await books(orgId)).paypal_available).toBe(fakeBalance(merchantId));
  expect(world.paypal.state().partner.balance).toBe(PARTNER_BALANCE);
}

/** Creators paid by PayPal (an email) or Venmo (a phone), their payments executed together. */
async function payCreators(headers: Headers, receivers: string[], earnings = 10_000) {
  const ids: string[] = [];
  for (const receiver of receivers) {
    const creator = await addCreator(world.ctx.app, headers);
    const method = receiver.includes('@')
      ? { selected_payment_method: 'paypal', paypal_email: receiver }
      : { selected_payment_method: 'venmo', venmo_phone_number: receiver };
    const saved = await call('PUT', `/v1/creators/${creator.id}`, headers, method);
    expect(saved.statusCode, saved.body).toBe(200);
    ids.push(creator.id);
  }
  const drafts = await createDrafts(
    world.ctx.app,
    headers,
    ids.map((id) => paymentRow(id, earnings)),
  );
  const executed = await call('PUT', '/v1/payments/initiate', headers, { ids: drafts.map((draft) => draft.id) });
  expect(executed.statusCode, executed.body).toBe(200);
  expect(executed.json().processing).toBe(receivers.length);
  return drafts;
}

describe('PayPal and Venmo from the organisation’s own PayPal account (SANDBOX=false, on the fake)', () => {
  it('connects, pays three PayPal and two Venmo payees from the organisation’s PayPal balance, an unclaimed item comes back after 30 days, a denied batch pays nobody; the books equal PayPal after each', async () => {
    const owner = await createOwner(world.ctx.app, { orgName: 'Northwind Studios' });
    await activate(world.ctx.app, owner.headers);
    // More than the free plan's five creators.
    await upgradePlan(world.ctx.app, owner.headers);
    await world.fund(owner.headers, owner.org.id, 50_000);
    const orgId = owner.org.id;

    // Connect: PayPal's partner onboarding, the organisation's own account, its balance in our books.
    const onboarding = await startPaypalConnect(world.ctx.app, owner.headers);
    expect(onboarding).toMatch(new RegExp(`^${world.paypal.url}/bizsignup/partner/entry\\?referralToken=`));
    const back = world.paypal.consent(onboarding, 'treasury@northwind.example');
    const linked = await completePaypalConnect(world.ctx.app, owner.headers, back);
    expect(linked.json()).toEqual({ status: 'linked', email: 'treasury@northwind.example', url: null });
    const merchantId = new URL(back).searchParams.get('merchantIdInPayPal')!;
    expect(fakeBalance(merchantId)).toBe(OPENING_BALANCE);
    await expectBooksEqualPaypal(orgId, merchantId);
    const wallets = (await call('GET', '/v1/wallets', owner.headers)).json();
    expect(wallets.paypal.balances).toEqual([{ currency: 'usd', amount: OPENING_BALANCE }]);
    const walletBefore = { wallet_available: (await books(orgId)).wallet_available! };

    // Three PayPal payees (one never claims it) and two Venmo payees, in one batch from the organisation's account.
    const paid = await payCreators(owner.headers, [
      'ana@example.com',
      'ben@example.com',
      'unclaimed@paypal.sandbox',
      '5125550123',
      '5125550124',
    ]);
    const amounts = paid.reduce((sum, payment) => sum + payment.amount, 0);
    const fees = paid.reduce((sum, payment) => sum + payment.fee, 0);
    const batch = world.paypal.state().batches.at(-1)!;
    expect(batch.sender).toBe(merchantId);
    expect(batch.items.map((item) => item.receiver)).toEqual([
      'ana@example.com',
      'ben@example.com',
      'unclaimed@paypal.sandbox',
      '+15125550123',
      '+15125550124',
    ]);
    expect(fakeBalance(merchantId)).toBe(OPENING_BALANCE - amounts);
    await expectBooksEqualPaypal(orgId, merchantId);
    // The wallet holds our fees only; PayPal holds the amounts.
    expect(await books(orgId)).toMatchObject({
      paypal_held: amounts,
      wallet_available: walletBefore.wallet_available - fees,
      wallet_held: fees,
    });

    await world.settle();
    const [unclaimed] = paid.filter((_, index) => index === 2);
    const others = paid.filter((_, index) => index !== 2);
    for (const payment of others) expect((await paymentOf(payment.id)).status).toBe('succeeded');
    expect(await paymentOf(unclaimed!.id)).toMatchObject({ status: 'processing', failure_reason: 'UNCLAIMED' });
    expect(fakeBalance(merchantId)).toBe(OPENING_BALANCE - amounts);
    await expectBooksEqualPaypal(orgId, merchantId);
    expect((await books(orgId)).paypal_held).toBe(unclaimed!.amount);

    // PayPal gives an unclaimed payout back to its sender after 30 days.
    world.paypal.advanceDays(UNCLAIMED_RETURN_DAYS);
    await world.settle();
    expect(await paymentOf(unclaimed!.id)).toMatchObject({ status: 'failed', failure_reason: 'RETURNED' });
    expect(fakeBalance(merchantId)).toBe(OPENING_BALANCE - amounts + unclaimed!.amount);
    await expectBooksEqualPaypal(orgId, merchantId);
    expect(await books(orgId)).toMatchObject({
      paypal_held: 0,
      wallet_available: walletBefore.wallet_available - fees + unclaimed!.fee,
      wallet_held: 0,
    });

    // A batch PayPal denies: its money leaves and comes back, nobody in it is paid.
    const beforeDenied = fakeBalance(merchantId);
    const denied = await payCreators(owner.headers, ['cy@example.com', 'denied@paypal.sandbox'], 7_000);
    expect(fakeBalance(merchantId)).toBe(beforeDenied - denied.reduce((sum, payment) => sum + payment.amount, 0));
    await expectBooksEqualPaypal(orgId, merchantId);
    await world.settle();
    expect(world.paypal.state().batches.at(-1)!.batch_status).toBe('DENIED');
    for (const payment of denied) expect(await paymentOf(payment.id)).toMatchObject({ status: 'failed', failure_reason: 'DENIED' });
    expect(fakeBalance(merchantId)).toBe(beforeDenied);
    await expectBooksEqualPaypal(orgId, merchantId);
    expect((await books(orgId)).paypal_held).toBe(0);

    // The wallet shows PayPal's figure, equal to the books, and the books prove themselves.
    expect((await call('GET', '/v1/wallets', owner.headers)).json().paypal.balances[0].amount).toBe(fakeBalance(merchantId));
    await expectBooksEqualPaypal(orgId, merchantId);
    expect((await reconcileLedger(world.ctx.deps)).problems).toEqual([]);
  });

  it('does not fail a batch PayPal is slow to list: its payment waits, then is paid when PayPal reports its item', async () => {
    const owner = await createOwner(world.ctx.app);
    await activate(world.ctx.app, owner.headers);
    await world.fund(owner.headers, owner.org.id, 10_000);
    const { merchantId } = await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal });
    world.paypal.listSlowly(100);
    const [payment] = await payCreators(owner.headers, ['dee@example.com'], 5_000);
    const calls = await world.ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.org_id, owner.org.id));
    // The payout call succeeded; a read of the batch a minute later is on its way (paypal-poll.test.ts).
    expect(calls.map((row) => [row.operation, row.status]).sort()).toEqual([
      ['payouts.create', 'succeeded'],
      ['paypal.batch.read', 'pending'],
    ]);
    expect(await paymentOf(payment!.id)).toMatchObject({ status: 'processing', stripe_reference_id: null });
    await expectBooksEqualPaypal(owner.org.id, merchantId!);
    await world.settle();
    const item = world.paypal.state().batches.at(-1)!.items[0]!;
    expect(await paymentOf(payment!.id)).toMatchObject({ status: 'succeeded', stripe_reference_id: item.payout_item_id });
    await expectBooksEqualPaypal(owner.org.id, merchantId!);
  });

  it('follows money the organisation moved in its PayPal outside Crewpay when the wallet is read, but not while a payout is on its way', async () => {
    const owner = await createOwner(world.ctx.app);
    await activate(world.ctx.app, owner.headers);
    await world.fund(owner.headers, owner.org.id, 10_000);
    const { merchantId } = await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal });
    const walletOf = async () => (await call('GET', '/v1/wallets', owner.headers)).json().paypal.balances[0].amount as number;

    world.paypal.setBalance(merchantId!, OPENING_BALANCE + 12_345);
    expect(await walletOf()).toBe(OPENING_BALANCE + 12_345);
    await expectBooksEqualPaypal(owner.org.id, merchantId!);

    // An unclaimed payout is on its way: what PayPal says now is not taken into the books.
    const [payment] = await payCreators(owner.headers, ['unclaimed@paypal.sandbox'], 5_000);
    await world.settle();
    world.paypal.setBalance(merchantId!, fakeBalance(merchantId!) + 100);
    expect(await walletOf()).toBe(fakeBalance(merchantId!));
    expect((await books(owner.org.id)).paypal_available).toBe(fakeBalance(merchantId!) - 100);
    // Once it is settled, the next reading takes the difference in.
    world.paypal.advanceDays(UNCLAIMED_RETURN_DAYS);
    await world.settle();
    expect((await paymentOf(payment!.id)).status).toBe('failed');
    expect(await walletOf()).toBe(fakeBalance(merchantId!));
    await expectBooksEqualPaypal(owner.org.id, merchantId!);
  });

  it('says PayPal is not answering, never a 500, when PayPal refuses or garbles the lookup of the connected account; the poll then links', async () => {
    const owner = await createOwner(world.ctx.app);
    const email = `garbled.${Date.now()}@example.com`;
    const back = world.paypal.consent(await startPaypalConnect(world.ctx.app, owner.headers), email);
    const integrations = /\/merchant-integrations/;
    // A refusal of Crewpay's own call (its credentials or partner id): the operator's to fix.
    world.paypal.failNext(integrations, { status: 403, body: { name: 'NOT_AUTHORIZED', message: 'Authorization failed.' } });
    const refused = await completePaypalConnect(world.ctx.app, owner.headers, back);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().message).toBe(PAYPAL_UNAVAILABLE);
    // The code was used: the connection stays connecting, and the page's poll asks PayPal again.
    const status = () => call('GET', '/v1/paypal/oauth', owner.headers);
    const askAgainNow = () =>
      world.ctx.deps.db
        .update(paypalLinks)
        .set({ updated_at: new Date(0) })
        .where(eq(paypalLinks.org_id, owner.org.id));
    // An answer that is not JSON (a proxy's empty page): the poll keeps waiting.
    await askAgainNow();
    world.paypal.failNext(integrations, { status: 200 });
    const garbled = await status();
    expect(garbled.statusCode, garbled.body).toBe(200);
    expect(garbled.json().status).toBe('connecting');
    expect((await call('GET', '/v1/org', owner.headers)).json().paypal_enabled).toBe(false);

    await askAgainNow();
    expect((await status()).json()).toMatchObject({ status: 'linked', email });
    expect((await call('GET', '/v1/org', owner.headers)).json().paypal_enabled).toBe(true);
  });

  it('shows our books’ PayPal figure when PayPal’s balances answer fails or is not JSON', async () => {
    const owner = await createOwner(world.ctx.app);
    await activate(world.ctx.app, owner.headers);
    const { merchantId } = await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal });
    const walletOf = async () => (await call('GET', '/v1/wallets', owner.headers)).json().paypal.balances[0].amount as number;
    world.paypal.setBalance(merchantId!, OPENING_BALANCE + 500);
    world.paypal.failNext(/\/reporting\/balances/, { status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'Service unavailable.' } });
    expect(await walletOf()).toBe(OPENING_BALANCE);
    world.paypal.failNext(/\/reporting\/balances/, { status: 200 });
    expect(await walletOf()).toBe(OPENING_BALANCE);
    expect(await walletOf()).toBe(OPENING_BALANCE + 500);
    await expectBooksEqualPaypal(owner.org.id, merchantId!);
  });

  it('refuses an account that did not grant the payouts permission or whose email is not confirmed, and reconnects after deactivating', async () => {
    const owner = await createOwner(world.ctx.app);
    const unconfirmed = world.paypal.consent(await startPaypalConnect(world.ctx.app, owner.headers), 'unconfirmed@paypal.sandbox');
    const refused = await completePaypalConnect(world.ctx.app, owner.headers, unconfirmed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/email is not confirmed/);
    expect((await call('GET', '/v1/paypal/oauth', owner.headers)).json().status).toBe('unlinked');
    expect((await call('GET', '/v1/org', owner.headers)).json().paypal_enabled).toBe(false);

    const first = await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal });
    expect((await call('DELETE', '/v1/paypal/oauth', owner.headers)).json()).toMatchObject({ status: 'unlinked' });
    expect((await call('GET', '/v1/org', owner.headers)).json().paypal_enabled).toBe(false);
    const second = await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal, email: first.email });
    expect(second.merchantId).toBe(first.merchantId);
    expect((await call('GET', '/v1/org', owner.headers)).json().paypal_enabled).toBe(true);
  });

  it('ends the connection and tells the owners when the merchant withdraws its permissions in PayPal; a forged revocation changes nothing', async () => {
    const owner = await createOwner(world.ctx.app);
    const merchantId = (await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal })).merchantId!;
    world.paypal.revokeConsent(merchantId);
    const [revoked] = world.paypal.takeEvents();
    expect(revoked).toMatchObject({ event_type: 'MERCHANT.PARTNER-CONSENT.REVOKED', resource: { merchant_id: merchantId } });
    const forged = await world.paypal.deliver(world.ctx.app, revoked!, { tamper: true });
    expect(forged.statusCode).toBe(400);
    await world.settle();
    expect((await call('GET', '/v1/paypal/oauth', owner.headers)).json().status).toBe('linked');

    for (let i = 0; i < 2; i += 1) expect((await world.paypal.deliver(world.ctx.app, revoked!)).statusCode).toBe(200);
    await world.settle();
    expect((await call('GET', '/v1/paypal/oauth', owner.headers)).json().status).toBe('unlinked');
    expect((await call('GET', '/v1/org', owner.headers)).json().paypal_enabled).toBe(false);
    const notes = (await call('GET', '/v1/notifications', owner.headers)).json() as { text: string; link: string }[];
    expect(notes.filter((note) => note.text.startsWith('Your PayPal account withdrew its permissions'))).toEqual([
      expect.objectContaining({ link: '/wallets?tab=paypal' }),
    ]);
  });
});
