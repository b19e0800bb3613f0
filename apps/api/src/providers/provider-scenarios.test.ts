import { beforeAll, describe, expect, it } from 'vitest';
import {
  bankPayout,
  invoiceToPay,
  liveWorld,
  paypalPayout,
  postingsOf,
  sandboxWorld,
  type CardBehaviour,
  type World,
} from '../../test/worlds.ts';
import { transactionStatus, walletAchDebit, walletReceivedCredit, walletTransferOut } from '../../test/treasury-steps.ts';

/**
 * The shared table: each scenario runs against the sandbox and against the real adapters on
 * their local fakes (SANDBOX=false), and must produce the same answers and the same ledger
 * postings. Card fee: 2.9% + 30 cents (fees module defaults).
 */
type CardScenario = {
  name: string;
  card: CardBehaviour;
  amount: number;
  invoice: string;
  postings: unknown[];
  /**
   * Live mode's postings when they differ by when Stripe's payout ran (docs/money-flows.md,
   * "Places"): a card disputed at once is taken from the payments balance before its payout; the
   * sandbox pays out as the charge settles, so its dispute a day later is taken from the wallet.
   */
  live?: unknown[];
  /** What the payer or the card's bank does next: 3-D Secure completed or failed, the dispute lost. */
  then?: 'authenticated' | 'authentication_failed' | 'dispute_lost';
  /** The invoice after that. */
  finally?: string;
  after?: unknown[];
};
const cardSettled = { type: 'invoice_card_settled', entries: { fees: 320, outside_bank: -10_000, payments_balance: 9_680 } };

const cardScenarios: CardScenario[] = [
  {
    name: 'a card charge that succeeds settles the invoice: outside -> wallet (amount - fee) and fees',
    card: 'succeed',
    amount: 10_000,
    invoice: 'succeeded',
    postings: [{ type: 'invoice_card_settled', entries: { fees: 320, outside_bank: -10_000, payments_balance: 9_680 } }],
  },
  {
    name: 'a declined card fails the charge, posts nothing and leaves the invoice open',
    card: 'decline',
    amount: 10_000,
    invoice: 'requires_info',
    postings: [],
  },
  {
    name: 'a disputed card charge settles, the dispute withdraws the amount (what the wallet lacks is owed); lost, the fee comes back and the invoice is open again',
    card: 'dispute',
    amount: 10_000,
    invoice: 'succeeded',
    postings: [
      cardSettled,
      { type: 'invoice_card_disputed', entries: { outside_bank: 10_000, receivable: -320, wallet_available: -9_680 } },
    ],
    live: [cardSettled, { type: 'invoice_card_disputed', entries: { outside_bank: 10_000, receivable: -320, payments_balance: -9_680 } }],
    then: 'dispute_lost',
    finally: 'requires_info',
    after: [{ type: 'invoice_dispute_lost', entries: { fees: -320, payments_balance: 320 } }],
  },
  {
    name: 'a card that needs 3-D Secure waits for the payer, posting nothing; authenticated, it settles',
    card: 'authenticate',
    amount: 10_000,
    invoice: 'requires_info',
    postings: [],
    then: 'authenticated',
    finally: 'succeeded',
    after: [cardSettled],
  },
  {
    name: 'a card whose 3-D Secure step fails fails the charge and posts nothing',
    card: 'authenticate',
    amount: 10_000,
    invoice: 'requires_info',
    postings: [],
    then: 'authentication_failed',
    finally: 'requires_info',
    after: [],
  },
];

type AchScenario = { name: string; account: string; invoice: string; postings: unknown[]; live?: unknown[] };
const achSettled = { type: 'invoice_ach_settled', entries: { fees: 160, outside_bank: -20_000, payments_balance: 19_840 } };

const achScenarios: AchScenario[] = [
  {
    name: 'an ACH debit settles the invoice: outside -> wallet (amount - fee) and fees',
    account: '000123456789',
    invoice: 'succeeded',
    postings: [achSettled],
  },
  {
    name: 'an ACH debit that fails posts nothing and leaves the invoice open',
    account: '000222222227',
    invoice: 'requires_info',
    postings: [],
  },
  {
    name: 'an ACH debit that fails on a closed account posts nothing and leaves the invoice open',
    account: '000111111113',
    invoice: 'requires_info',
    postings: [],
  },
  {
    name: 'an ACH debit that settles and is then returned (disputed) is reversed and the invoice is open again',
    account: '000555555559',
    invoice: 'requires_info',
    postings: [achSettled, { type: 'invoice_ach_returned', entries: { fees: -160, outside_bank: 20_000, wallet_available: -19_840 } }],
    live: [achSettled, { type: 'invoice_ach_returned', entries: { fees: -160, outside_bank: 20_000, payments_balance: -19_840 } }],
  },
];

const paid = { type: 'payment_succeeded', entries: { outside_bank: 5_000, wallet_held: -5_000 } };
type PayoutScenario = { name: string; receiver: string; status: string; postings: unknown[] };

// PayPal and Venmo pay from the organisation's own PayPal account: the payee chose PayPal on its link,
// so the amount held in the wallet goes back (release), PayPal takes it from the PayPal balance (sent).
const paypalRelease = { type: 'release', entries: { wallet_available: 5_000, wallet_held: -5_000 } };
const paypalSent = { type: 'paypal_payout_sent', entries: { paypal_available: -5_000, paypal_held: 5_000 } };
const paypalPaid = { type: 'payment_succeeded', entries: { outside_bank: 5_000, paypal_held: -5_000 } };
const paypalFailed = { type: 'payment_failed', entries: { paypal_available: 5_000, paypal_held: -5_000 } };

const payoutScenarios: PayoutScenario[] = [
  {
    name: "a PayPal payout is paid from the organisation's PayPal: PayPal balance -> held at PayPal -> outside",
    receiver: 'pat@example.com',
    status: 'succeeded',
    postings: [paypalRelease, paypalSent, paypalPaid],
  },
  {
    name: 'a PayPal payout to an unregistered receiver fails: back to the PayPal balance',
    receiver: 'unregistered@paypal.sandbox',
    status: 'failed',
    postings: [paypalRelease, paypalSent, paypalFailed],
  },
  {
    name: 'a Venmo payout is paid from the PayPal balance',
    receiver: '5125550123',
    status: 'succeeded',
    postings: [paypalRelease, paypalSent, paypalPaid],
  },
  {
    name: 'a Venmo payout to an unregistered phone fails: back to the PayPal balance',
    receiver: '5555550100',
    status: 'failed',
    postings: [paypalRelease, paypalSent, paypalFailed],
  },
  {
    name: 'a PayPal payout is paid, then refunded: outside -> PayPal balance',
    receiver: 'refunded@paypal.sandbox',
    status: 'returned',
    postings: [
      paypalRelease,
      paypalSent,
      paypalPaid,
      { type: 'payment_returned', entries: { outside_bank: -5_000, paypal_available: 5_000 } },
    ],
  },
  {
    name: 'a PayPal batch PayPal denies pays nobody: back to the PayPal balance',
    receiver: 'denied@paypal.sandbox',
    status: 'failed',
    postings: [paypalRelease, paypalSent, paypalFailed],
  },
];

/** The wallet's banking (Stripe Treasury): funding by ACH debit, transfers out by ACH, money received. */
type BankScenario = { name: string; account: string; status: string; postings: unknown[] };
const debitSettled = { type: 'ach_debit_settled', entries: { outside_bank: -20_000, wallet_available: 20_000 } };

const debitScenarios: BankScenario[] = [
  {
    name: 'wallet funding by ACH debit settles: outside -> available',
    account: '000123456789',
    status: 'succeeded',
    postings: [debitSettled],
  },
  { name: 'wallet funding by ACH debit that fails posts nothing', account: '000222222227', status: 'failed', postings: [] },
  {
    name: 'wallet funding by ACH debit from a closed account fails (account_closed)',
    account: '000111111113',
    status: 'failed',
    postings: [],
  },
  {
    name: 'wallet funding by ACH debit that settles and is returned: available -> outside again',
    account: '000555555559',
    status: 'returned',
    postings: [debitSettled, { type: 'ach_debit_returned', entries: { outside_bank: 20_000, wallet_available: -20_000 } }],
  },
];

// 20,000 out with its 0.01% fee (2): held at once, then paid out, given back, or paid and returned.
const hold = { type: 'hold', entries: { wallet_available: -20_002, wallet_held: 20_002 } };
const outPosted = { type: 'ach_out_posted', entries: { fees: 2, outside_bank: 20_000, wallet_held: -20_002 } };

const transferScenarios: BankScenario[] = [
  {
    name: 'a bank payout (ACH out) posts: held -> outside and fee',
    account: '000123456789',
    status: 'succeeded',
    postings: [hold, outPosted],
  },
  {
    name: 'a bank payout (ACH out) that fails gives the held amount and fee back',
    account: '000222222227',
    status: 'failed',
    postings: [hold, { type: 'ach_out_failed', entries: { wallet_available: 20_002, wallet_held: -20_002 } }],
  },
  {
    name: 'a bank payout (ACH out) that posts and is returned gives amount and fee back',
    account: '000555555559',
    status: 'returned',
    postings: [hold, outPosted, { type: 'ach_out_returned', entries: { fees: -2, outside_bank: -20_000, wallet_available: 20_002 } }],
  },
];

type BankPayoutScenario = { name: string; account: string; status: string; postings: unknown[] };
const bankPayoutScenarios: BankPayoutScenario[] = [
  { name: "a payee's bank payout (ACH) is paid: held -> outside", account: '000123456789', status: 'succeeded', postings: [paid] },
  {
    name: "a payee's bank payout (ACH) that fails: held -> available",
    account: '000222222227',
    status: 'failed',
    postings: [{ type: 'payment_failed', entries: { wallet_available: 5_000, wallet_held: -5_000 } }],
  },
  {
    name: "a payee's bank payout (ACH) is paid, then returned: outside -> available",
    account: '000555555559',
    status: 'returned',
    postings: [paid, { type: 'payment_returned', entries: { outside_bank: -5_000, wallet_available: 5_000 } }],
  },
];

const worlds: Record<string, World> = {};
beforeAll(async () => {
  worlds.sandbox = await sandboxWorld();
  worlds.live = await liveWorld();
});

describe.each(['sandbox', 'live'])('the shared scenario table against %s', (worldName) => {
  it.each(cardScenarios)('$name', async (scenario) => {
    const world = worlds[worldName]!;
    const { owner, invoice, linkId } = await invoiceToPay(world, scenario.amount);
    const paid = await world.payByCard(linkId, scenario.card);
    expect(paid.statusCode, paid.body).toBe(200);
    // A 3-D Secure step is answered within its hour: the sandbox's days do not pass before it (after
    // the hour it is canceled: invoices/stuck-payments.test.ts).
    if (scenario.card !== 'authenticate') await world.settle();
    const charge = await world.ctx.app.inject({ method: 'GET', url: `/v1/invoices/${invoice.id}`, headers: owner.headers });
    expect(charge.json().status).toBe(scenario.invoice);
    if (scenario.card === 'succeed') {
      // Paid already: paying again is refused and charges nothing.
      expect((await world.payByCard(linkId, scenario.card)).statusCode).toBe(409);
    }
    const postings = worldName === 'live' ? (scenario.live ?? scenario.postings) : scenario.postings;
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual(postings);
    if (!scenario.then) return;
    if (scenario.then === 'dispute_lost') await world.loseDispute(owner.org.id, invoice.id);
    else await world.authenticate(linkId, scenario.then === 'authenticated' ? 'complete' : 'fail');
    await world.settle();
    const after = await world.ctx.app.inject({ method: 'GET', url: `/v1/invoices/${invoice.id}`, headers: owner.headers });
    expect(after.json().status).toBe(scenario.finally);
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([...postings, ...scenario.after!]);
  });

  it.each(payoutScenarios)('$name', async (scenario) => {
    const world = worlds[worldName]!;
    const { owner, payment } = await paypalPayout(world, scenario.receiver, 5_000);
    await world.settle();
    const answer = await world.ctx.app.inject({ method: 'GET', url: `/v1/payments/${payment.id}`, headers: owner.headers });
    expect(answer.json().status).toBe(scenario.status);
    expect(await postingsOf(world, owner.org.id, { payment_id: payment.id })).toEqual(scenario.postings);
  });

  it.each(achScenarios)('$name', async (scenario) => {
    const world = worlds[worldName]!;
    const { owner, invoice, linkId } = await invoiceToPay(world, 20_000);
    // Through the pay link: the bank link (the sandbox's login, or Stripe Financial Connections), then the debit.
    const paid = await world.payByBank(linkId, scenario.account);
    expect(paid.json(), paid.body).toMatchObject({ status: 'pending', charge_type: 'ach', amount: 20_000, next_action: null });
    await world.settle();
    const answer = await world.ctx.app.inject({ method: 'GET', url: `/v1/invoices/${invoice.id}`, headers: owner.headers });
    expect(answer.json().status).toBe(scenario.invoice);
    const postings = worldName === 'live' ? (scenario.live ?? scenario.postings) : scenario.postings;
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual(postings);
  });

  it.each(bankPayoutScenarios)('$name', async (scenario) => {
    const world = worlds[worldName]!;
    const { owner, payment } = await bankPayout(world, scenario.account, 5_000);
    await world.settle();
    const answer = await world.ctx.app.inject({ method: 'GET', url: `/v1/payments/${payment.id}`, headers: owner.headers });
    expect(answer.json().status).toBe(scenario.status);
    expect(await postingsOf(world, owner.org.id, { payment_id: payment.id })).toEqual(scenario.postings);
  });

  it.each(debitScenarios)('$name', async (scenario) => {
    const world = worlds[worldName]!;
    const { owner, transactionId } = await walletAchDebit(world, scenario.account, 20_000);
    await world.settle();
    expect(await transactionStatus(world, transactionId)).toBe(scenario.status);
    expect(await postingsOf(world, owner.org.id, { treasury_transaction_id: transactionId })).toEqual(scenario.postings);
  });

  it.each(transferScenarios)('$name', async (scenario) => {
    const world = worlds[worldName]!;
    const { owner, transactionId } = await walletTransferOut(world, scenario.account, 20_000);
    await world.settle();
    expect(await transactionStatus(world, transactionId)).toBe(scenario.status);
    expect(await postingsOf(world, owner.org.id, { treasury_transaction_id: transactionId })).toEqual(scenario.postings);
  });

  it("a received credit (money sent to the wallet's account numbers) is credited once: outside -> available", async () => {
    const world = worlds[worldName]!;
    const { owner, transactionId } = await walletReceivedCredit(world, 7_500);
    expect(await transactionStatus(world, transactionId)).toBe('succeeded');
    expect(await postingsOf(world, owner.org.id, { treasury_transaction_id: transactionId })).toEqual([
      { type: 'received_credit', entries: { outside_bank: -7_500, wallet_available: 7_500 } },
    ]);
  });
});
