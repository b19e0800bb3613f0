import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paypalLinks } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { sandboxPaypalBalance } from '../../providers/paypal-accounts/index.ts';
import { findBalances, reconcileLedger } from '../ledger/index.ts';
import { liveWorld, paypalPayout, postingsOf, sandboxWorld, type World } from '../../../test/worlds.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';

/**
 * PayPal's item statuses beyond paid and failed, the same in the sandbox and on the real adapter
 * (its fake): the payment's state, its postings, and our books equal to the PayPal balance.
 */
const release = { type: 'release', entries: { wallet_available: 5_000, wallet_held: -5_000 } };
const sent = { type: 'paypal_payout_sent', entries: { paypal_available: -5_000, paypal_held: 5_000 } };
const paid = { type: 'payment_succeeded', entries: { outside_bank: 5_000, paypal_held: -5_000 } };

const scenarios = [
  {
    name: 'UNCLAIMED, then RETURNED by PayPal after 30 days: back to the PayPal balance',
    receiver: 'unclaimed@paypal.sandbox',
    waiting: { status: 'processing', failure_reason: 'UNCLAIMED' },
    end: { status: 'failed', failure_reason: 'RETURNED' },
    postings: [release, sent, { type: 'payment_failed', entries: { paypal_available: 5_000, paypal_held: -5_000 } }],
  },
  {
    name: 'a Venmo payout never claimed comes back the same way',
    receiver: '5555550102',
    waiting: { status: 'processing', failure_reason: 'UNCLAIMED' },
    end: { status: 'failed', failure_reason: 'RETURNED' },
    postings: [release, sent, { type: 'payment_failed', entries: { paypal_available: 5_000, paypal_held: -5_000 } }],
  },
  {
    name: 'UNCLAIMED, then CANCELED by the organisation in its PayPal: back to the PayPal balance',
    receiver: 'canceled@paypal.sandbox',
    waiting: { status: 'processing', failure_reason: 'UNCLAIMED' },
    end: { status: 'failed', failure_reason: 'CANCELED' },
    postings: [release, sent, { type: 'payment_failed', entries: { paypal_available: 5_000, paypal_held: -5_000 } }],
  },
  {
    name: 'ONHOLD, then paid',
    receiver: 'onhold@paypal.sandbox',
    waiting: null,
    end: { status: 'succeeded', failure_reason: null },
    postings: [release, sent, paid],
  },
  {
    name: 'BLOCKED by the receiver: back to the PayPal balance',
    receiver: 'blocked@paypal.sandbox',
    waiting: null,
    end: { status: 'failed', failure_reason: 'RECEIVER_ACCOUNT_LOCKED' },
    postings: [release, sent, { type: 'payment_failed', entries: { paypal_available: 5_000, paypal_held: -5_000 } }],
  },
  {
    name: 'paid, then REVERSED by PayPal: outside -> PayPal balance',
    receiver: 'reversed@paypal.sandbox',
    waiting: null,
    end: { status: 'returned', failure_reason: 'REVERSED' },
    postings: [release, sent, paid, { type: 'payment_returned', entries: { outside_bank: -5_000, paypal_available: 5_000 } }],
  },
];

type Worlds = { sandbox: World; live: Awaited<ReturnType<typeof liveWorld>> };
const worlds = {} as Worlds;
beforeAll(async () => {
  worlds.sandbox = await sandboxWorld();
  worlds.live = await liveWorld();
});

/** What the organisation's PayPal account holds at PayPal: the sandbox PayPal's, or the fake's. */
async function paypalBalanceAtProvider(name: keyof Worlds, orgId: string): Promise<number> {
  const { db } = worlds[name].ctx.deps;
  const [link] = await db
    .select()
    .from(paypalLinks)
    .where(and(eq(paypalLinks.org_id, orgId), eq(paypalLinks.status, 'linked')));
  if (name === 'live') return worlds.live.paypal.state().merchants.find((merchant) => merchant.merchant_id === link!.merchant_id)!.balance;
  return sandboxPaypalBalance(db, link!.merchant_id!, await sandboxNow(db));
}

/** Time passes at PayPal (the sandbox clock, or the fake's) and what it reports arrives. */
async function daysPass(name: keyof Worlds, days: number) {
  if (name === 'sandbox') expect((await advanceClock(worlds.sandbox.ctx.app, days * 86_400)).statusCode).toBe(200);
  else worlds.live.paypal.advanceDays(days);
  await worlds[name].settle();
}

describe.each(['sandbox', 'live'] as const)('PayPal item statuses (%s)', (name) => {
  it.each(scenarios)('$name', async (scenario) => {
    const world = worlds[name];
    const { owner, payment } = await paypalPayout(world, scenario.receiver, 5_000);
    const read = async () =>
      (await world.ctx.app.inject({ method: 'GET', url: `/v1/payments/${payment.id}`, headers: owner.headers })).json();
    await world.settle();
    if (scenario.waiting) expect(await read()).toMatchObject(scenario.waiting);
    await daysPass(name, 31);
    expect(await read()).toMatchObject(scenario.end);
    expect(await postingsOf(world, owner.org.id, { payment_id: payment.id })).toEqual(scenario.postings);
    // Our books equal the balance PayPal holds (before any reading could sync them), and the wallet shows it.
    const { paypal_available, paypal_held } = await findBalances(world.ctx.deps.db, owner.org.id, ['paypal_available', 'paypal_held']);
    expect(paypal_available).toBe(await paypalBalanceAtProvider(name, owner.org.id));
    expect(paypal_held).toBe(0);
    const wallet = (await world.ctx.app.inject({ method: 'GET', url: '/v1/wallets', headers: owner.headers })).json();
    expect(wallet.paypal.balances[0].amount).toBe(paypal_available);
    expect((await reconcileLedger(world.ctx.deps)).problems).toEqual([]);
    if (name === 'live') expect(worlds.live.paypal.problems.splice(0)).toEqual([]);
  });
});
