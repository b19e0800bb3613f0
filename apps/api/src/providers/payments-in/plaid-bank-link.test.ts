import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { charges, invoices } from '../../db/schema/index.ts';
import { invoiceToPay, liveWorld, postingsOf } from '../../../test/worlds.ts';
import { payByBank } from '../../../test/invoice-fixtures.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

const linkTokenFor = (linkId: string) =>
  world.ctx.app.inject({ method: 'GET', url: `/v1/plaid_link_token?id=${encodeURIComponent(linkId)}` });
/** Plaid's error body (PlaidError in its description). */
const plaidError = (error_type: string, error_code: string) => ({
  error_type,
  error_code,
  error_message: error_code.toLowerCase(),
  display_message: null,
  request_id: 'req-scripted',
});
const chargeOf = async (invoiceId: string) => (await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoiceId)))[0];

describe('the bank link of invoice ACH payments on Plaid (fake), debited by Stripe (fake)', () => {
  it("links the payer's bank through Link's token, debits its numbers and settles the invoice: amount less fee, once", async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 20_000);
    const token = await linkTokenFor(linkId);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().token).toMatch(/^link-production-/);
    // Link is opened for this invoice only, with our keys, and comes back from an OAuth bank to our /oauth-redirect.
    const created = world.plaid.requests.filter((request) => request.path === '/link/token/create').at(-1)!;
    expect(JSON.parse(created.body)).toMatchObject({
      user: { client_user_id: invoice.id },
      products: ['auth'],
      country_codes: ['US'],
      redirect_uri: 'https://crewpay.test/oauth-redirect',
    });

    const bank = world.plaid.mintPublicToken({ account: '000123456789', routing: '110000000' });
    const paid = await payByBank(world.ctx.app, linkId, bank);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: 'pending', charge_type: 'ach', amount: 20_000 });
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'pending', method_label: 'Plaid Checking •••• 6789' });
    // Stripe was asked to debit the numbers Plaid gave, and the numbers are nowhere in our answer.
    const intent = new URLSearchParams(world.stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)!.body);
    expect(intent.get('payment_method_data[us_bank_account][account_number]')).toBe('000123456789');
    expect(intent.get('payment_method_data[us_bank_account][routing_number]')).toBe('110000000');
    expect(paid.body).not.toContain('000123456789');
    // The numbers read, the Item is removed at Plaid: its access token is dead.
    expect(world.plaid.state().items.find((item) => item.accounts[0]!.account_id === bank.account_id)).toMatchObject({
      exchanged: true,
      removed: true,
    });

    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'succeeded' });
    const [row] = await world.ctx.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe('succeeded');
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([
      { type: 'invoice_ach_settled', entries: { fees: 160, outside_bank: -20_000, wallet_available: 19_840 } },
    ]);
  });

  it('refuses a public token used twice or an account not in the link, with the message to connect again', async () => {
    const first = await invoiceToPay(world, 5_000);
    const bank = world.plaid.mintPublicToken({ account: '000123456789', routing: '110000000' });
    expect((await payByBank(world.ctx.app, first.linkId, { ...bank, account_id: 'NotTheLinkedAccount1' })).json()).toMatchObject({
      message: 'This bank link has expired: connect your bank again',
      field: 'public_token',
    });
    // The exchange above spent the token, as Plaid's does, and the Item was removed although its account was refused.
    expect(world.plaid.state().items.find((item) => item.accounts[0]!.account_id === bank.account_id)).toMatchObject({ removed: true });
    const again = await payByBank(world.ctx.app, first.linkId, bank);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This bank link has expired: connect your bank again');
    expect(await chargeOf(first.invoice.id)).toBeUndefined();
  });

  it('tries once more when Plaid answers a server error, and says to try again later when it keeps failing or limits us', async () => {
    const { invoice, linkId } = await invoiceToPay(world, 5_000);
    world.plaid.failNext(/\/link\/token\/create$/, { status: 500, body: plaidError('API_ERROR', 'INTERNAL_SERVER_ERROR') });
    expect((await linkTokenFor(linkId)).statusCode).toBe(200);

    for (let attempt = 0; attempt < 2; attempt += 1)
      world.plaid.failNext(/\/item\/public_token\/exchange$/, {
        status: 502,
        body: plaidError('API_ERROR', 'PLANNED_MAINTENANCE'),
      });
    const down = await payByBank(world.ctx.app, linkId, world.plaid.mintPublicToken({ account: '000123456789', routing: '110000000' }));
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('The bank link is not answering right now: please try again in a minute');

    world.plaid.failNext(/\/link\/token\/create$/, { status: 429, body: plaidError('RATE_LIMIT_EXCEEDED', 'RATE_LIMIT') });
    expect((await linkTokenFor(linkId)).statusCode).toBe(429);
    expect(await chargeOf(invoice.id)).toBeUndefined();
  });

  it('goes on with the payment when Plaid cannot remove the Item, logging only its code', async () => {
    const { linkId } = await invoiceToPay(world, 5_000);
    world.plaid.failNext(/\/item\/remove$/, { status: 400, body: plaidError('INVALID_INPUT', 'INVALID_ACCESS_TOKEN') });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const paid = await payByBank(world.ctx.app, linkId, world.plaid.mintPublicToken({ account: '000123456789', routing: '110000000' }));
      expect(paid.statusCode, paid.body).toBe(200);
      expect(logged).toHaveBeenCalledWith('[plaid] a bank link (Item) could not be removed after use', 'INVALID_ACCESS_TOKEN');
      expect(JSON.stringify(logged.mock.calls)).not.toContain('000123456789');
    } finally {
      logged.mockRestore();
    }
  });

  it('a bank Stripe cannot debit leaves the invoice open with a failed charge', async () => {
    const { invoice, linkId } = await invoiceToPay(world, 5_000);
    expect(
      (await payByBank(world.ctx.app, linkId, world.plaid.mintPublicToken({ account: '000222222227', routing: '110000000' }))).statusCode,
    ).toBe(200);
    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'failed' });
    const [row] = await world.ctx.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe('requires_info');
  });
});
