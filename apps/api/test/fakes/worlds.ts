import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestContext, type TestContext } from '../context.ts';
import { createOwner } from '../fixtures.ts';
import { addCustomer } from '../campaign-fixtures.ts';
import { cardToken, payByCard, sendInvoice } from '../invoice-fixtures.ts';
import { activate, advanceClock } from '../wallet-fixtures.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../src/db/schema/index.ts';
import { listOutbox } from '../../src/modules/email/outbox.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

export type CardBehaviour = 'succeed' | 'decline' | 'dispute';

/**
 * One implementation of the providers for the shared scenario table: the sandbox, or the real
 * adapters (SANDBOX=false) talking to local fakes. Each answers the same steps in its own way
 * (a sandbox card number or a Stripe test PaymentMethod; the sandbox clock or the fake's
 * webhooks), so a scenario reads the same and must end in the same ledger postings.
 */
export type World = {
  name: string;
  ctx: TestContext;
  /** The payer pays the invoice behind the link with a card that behaves so. */
  payByCard(linkId: string, card: CardBehaviour): ReturnType<typeof payByCard>;
  /** Every outcome the providers have to report arrives (through the webhook route). */
  settle(): Promise<void>;
};

const SANDBOX_CARDS: Record<CardBehaviour, string> = {
  succeed: '4242424242424242',
  decline: '4000000000000002',
  dispute: '4000000000000259',
};
const STRIPE_CARDS: Record<CardBehaviour, string> = {
  succeed: 'pm_card_visa',
  decline: 'pm_card_chargeDeclined',
  dispute: 'pm_card_createDispute',
};

export async function sandboxWorld(): Promise<World> {
  const ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
  return {
    name: 'sandbox',
    ctx,
    payByCard: async (linkId, card) => payByCard(ctx.app, linkId, await cardToken(ctx.app, SANDBOX_CARDS[card])),
    async settle() {
      expect((await advanceClock(ctx.app, 3 * 86_400)).statusCode).toBe(200);
    },
  };
}

export async function stripeWorld(): Promise<World & { stripe: StripeFake }> {
  const stripe = await startStripeFake();
  const ctx = await createTestContext({ SANDBOX: 'false', ...stripe.settings });
  return {
    name: 'stripe (fake)',
    ctx,
    stripe,
    payByCard: (linkId, card) => payByCard(ctx.app, linkId, STRIPE_CARDS[card]),
    async settle() {
      for (const event of stripe.takeEvents()) expect((await stripe.deliver(ctx.app, event)).statusCode).toBe(200);
    },
  };
}

/** An activated organisation with an invoice sent to a new customer, and the pay link emailed to them. */
export async function invoiceToPay(world: World, amount: number) {
  const owner = await createOwner(world.ctx.app);
  await activate(world.ctx.app, owner.headers);
  const customer = await addCustomer(world.ctx.app, owner.headers);
  const invoice = await sendInvoice(world.ctx.app, owner.headers, { customer_id: customer.id, amount });
  const email = (await listOutbox(world.ctx.deps.db, { limit: 1000 })).filter((item) => item.to === customer.email).at(-1);
  const url = email?.links.find((link) => link.includes('/invoices/pay?id='));
  expect(url).toBeDefined();
  return { owner, invoice, linkId: decodeURIComponent(url!.split('/invoices/pay?id=')[1]!) };
}

/** The ledger postings whose metadata names this object (invoice_id, payment_id ...): type and entries by account kind, in order. */
export async function postingsOf(world: World, orgId: string, metadata: Record<string, string>) {
  const rows = await world.ctx.deps.db
    .select({ transfer: ledgerTransfers.id, type: ledgerTransfers.type, kind: ledgerAccounts.kind, amount: ledgerEntries.amount })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transfer_id, ledgerTransfers.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.account_id))
    .where(and(eq(ledgerTransfers.org_id, orgId), sql`${ledgerTransfers.metadata} @> ${JSON.stringify(metadata)}::jsonb`))
    .orderBy(asc(ledgerTransfers.created_at), asc(ledgerTransfers.type), asc(ledgerAccounts.kind));
  const transfers = new Map<string, { type: string; entries: Record<string, number> }>();
  for (const row of rows) {
    const transfer = transfers.get(row.transfer) ?? { type: row.type, entries: {} };
    transfer.entries[row.kind] = (transfer.entries[row.kind] ?? 0) + row.amount;
    transfers.set(row.transfer, transfer);
  }
  return [...transfers.values()];
}
