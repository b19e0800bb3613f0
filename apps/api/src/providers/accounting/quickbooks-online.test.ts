import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingConnectionRecord } from '@crewpay/core';
import { bankPayout } from '../../../test/worlds.ts';
import { connectQuickbooksOnline } from '../../../test/accounting-fixtures.ts';
import {
  connectedOrg,
  journalEntries,
  ledgerLines,
  linesOf,
  mapAsSuggested,
  paidInvoice,
  quickbooksWorld,
  type QuickbooksWorld,
} from '../../../test/quickbooks-steps.ts';
import { runDueProviderCalls } from '../../modules/provider-calls/index.ts';

/**
 * QuickBooks Online for real (SANDBOX=false) against the QuickBooks fake, through the public API:
 * Intuit's consent, the company's chart, journal entries posted once, tokens refreshed, Intuit's
 * refusals, limits and outages, and the reconnect an expired refresh token calls for.
 */
let world: QuickbooksWorld;
beforeAll(async () => {
  world = await quickbooksWorld();
});
// Every request Crewpay sent and every answer the fake gave followed the description of Intuit's reference.
afterEach(() => expect(world.quickbooks.problems.splice(0)).toEqual([]));

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>) =>
  world.ctx.app.inject({ method, url, headers });
const requestsTo = (pattern: RegExp) => world.quickbooks.requests.filter((request) => pattern.test(request.path));
const sealedRefreshToken = async (orgId: string) =>
  (
    await world.ctx.deps.db.execute<{ refresh_token_sealed: string }>(
      sql`SELECT refresh_token_sealed FROM accounting_connections WHERE org_id = ${orgId}`,
    )
  ).rows[0]!.refresh_token_sealed;
const later = (minutes: number) => runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + minutes * 60_000) });

describe('QuickBooks Online (SANDBOX=false, on the QuickBooks fake)', () => {
  it("connects through Intuit, reads the company, maps first, then posts a payout's and an invoice's entries once each", async () => {
    const { owner, payment } = await bankPayout(world, '000123456789', 5_000);
    await world.settle();
    const { authorizeUrl, callback, realmId } = await connectQuickbooksOnline(world.ctx.app, owner.token);
    expect(callback.body).toContain('QuickBooks is connected');
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: 'crewpay-fake-intuit-app',
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: 'http://crewpay.test/api/qb/callback',
    });
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toMatchObject([{ needs_reconnect: false }]);
    const accounts = (await inject('GET', '/api/qb/accounts', owner.headers)).json<{ Name: string }[]>();
    expect(accounts).toContainEqual({ Id: '36', Name: 'Crewpay Clearing', Classification: 'Asset', AccountType: 'Bank' });
    expect(accounts.map((account) => account.Name)).not.toContain('Payroll Clearing (deleted)');
    expect((await inject('GET', '/api/qb/vendors', owner.headers)).json()).toContainEqual({ Id: '56', DisplayName: 'Crewpay' });
    // Map first: the payout made before connecting waits for the mapping.
    expect(await journalEntries(world, owner)).toEqual([]);
    const suggested = (await inject('GET', '/api/qb/acctMap/suggested', owner.headers)).json();
    expect(suggested).toMatchObject({ clearing: { Id: '36' }, income: { Id: '91' }, sales: { Id: '79' }, payable: { Id: '33' } });

    await mapAsSuggested(world, owner);
    const invoice = await paidInvoice(world, owner, 10_000);
    const entries = await journalEntries(world, owner);
    const payout = entries.find((entry) => entry.transfer_type === 'payment_succeeded')!;
    const invoiced = entries.find((entry) => entry.transfer_type === 'invoice_card_settled')!;
    expect([payout.Status, invoiced.Status]).toEqual(['succeeded', 'succeeded']);
    const books = world.quickbooks.company(realmId!)!.journalEntries;
    expect(books.map((entry) => entry.Id).sort()).toEqual([payout.ref_id, invoiced.ref_id].sort());
    const booked = (id: string | null) => books.find((entry) => entry.Id === id)!;
    expect(linesOf(booked(payout.ref_id))).toEqual(await ledgerLines(world, owner.org.id, { payment_id: payment.id }, 'payment_succeeded'));
    expect(linesOf(booked(invoiced.ref_id))).toEqual(
      await ledgerLines(world, owner.org.id, { invoice_id: invoice.id }, 'invoice_card_settled'),
    );
    // Every Accounting API call pins the minor version; each entry went out under its own requestid.
    const apiCalls = requestsTo(new RegExp(`^/v3/company/${realmId}/`));
    expect(apiCalls.every((request) => request.query.get('minorversion') === '75')).toBe(true);
    const creates = apiCalls.filter((request) => request.path.endsWith('/journalentry'));
    expect(creates.map((request) => request.query.get('requestid')).sort()).toEqual([payout.id, invoiced.id].sort());
    // Listing again posts nothing more.
    await journalEntries(world, owner);
    expect(world.quickbooks.company(realmId!)!.journalEntries).toHaveLength(2);
  });

  it('refreshes the access token mid-way: on a 401 after it expired at Intuit, and before it ends on our side', async () => {
    const { owner, company } = await connectedOrg(world);
    await paidInvoice(world, owner, 2_000);
    const before = await sealedRefreshToken(owner.org.id);
    const refreshes = () => requestsTo(/tokens\/bearer$/).filter((request) => request.body.includes('grant_type=refresh_token')).length;
    const refreshed = refreshes();
    // An hour later at Intuit: the access token is refused (401), refreshed once, the call made again.
    world.quickbooks.advance(61 * 60_000);
    await paidInvoice(world, owner, 3_000);
    expect((await journalEntries(world, owner)).map((entry) => entry.Status)).toEqual(['succeeded', 'succeeded']);
    expect(refreshes()).toBe(refreshed + 1);
    expect(await sealedRefreshToken(owner.org.id)).not.toBe(before);
    // Our side knows the token is about to end: refreshed before the call, no 401 on the way.
    await world.ctx.deps.db.execute(
      sql`UPDATE accounting_connections SET access_expires_at = now() + interval '30 seconds' WHERE org_id = ${owner.org.id}`,
    );
    const calls = world.quickbooks.requests.length;
    await paidInvoice(world, owner, 4_000);
    await journalEntries(world, owner);
    const made = world.quickbooks.requests.slice(calls).map((request) => request.path.split('/').at(-1));
    expect(made).toEqual(['bearer', 'journalentry']);
    expect(company().journalEntries).toHaveLength(3);
  });

  it('refreshes once when several calls meet the expired token at the same time: the others wait for its tokens', async () => {
    const { owner } = await connectedOrg(world);
    const refreshes = () => requestsTo(/tokens\/bearer$/).filter((request) => request.body.includes('grant_type=refresh_token')).length;
    const refreshed = refreshes();
    // An hour later at Intuit: four reads at once are each refused (401) with the same token.
    world.quickbooks.advance(61 * 60_000);
    const reads = await Promise.all(Array.from({ length: 4 }, () => inject('GET', '/api/qb/accounts', owner.headers)));
    expect(reads.map((read) => read.statusCode)).toEqual([200, 200, 200, 200]);
    // Intuit rotates the refresh token: one refresh, whose tokens the other three used.
    expect(refreshes()).toBe(refreshed + 1);
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toMatchObject([{ needs_reconnect: false }]);
  });

  it('a retry after a timeout posts once: the gateway timed out after QuickBooks created the entry', async () => {
    const { owner, company } = await connectedOrg(world);
    world.quickbooks.timeOutAfterWork(/\/journalentry$/);
    await paidInvoice(world, owner, 2_500);
    const [waiting] = await journalEntries(world, owner);
    expect(waiting!.Status).toBe('pending');
    expect(company().journalEntries).toHaveLength(1);
    await later(5);
    const [entry] = await journalEntries(world, owner);
    expect(entry).toMatchObject({ Status: 'succeeded', ref_id: company().journalEntries[0]!.Id });
    const creates = requestsTo(/\/journalentry$/).filter((request) => request.query.get('requestid') === entry!.id);
    expect(creates).toHaveLength(2);
    expect(company().journalEntries).toHaveLength(1);
  });

  it("waits out Intuit's request limit (429) and sends the entry again", async () => {
    const { owner, company } = await connectedOrg(world);
    world.quickbooks.setRateLimit(0);
    await paidInvoice(world, owner, 1_500);
    expect((await journalEntries(world, owner))[0]!.Status).toBe('pending');
    const read = await inject('GET', '/api/qb/accounts', owner.headers);
    expect(read.statusCode).toBe(503);
    expect(read.json().message).toBe('QuickBooks is limiting requests for this company (too many in a minute): try again in a minute');
    const [call] = (
      await world.ctx.deps.db.execute<{ last_error: string; wait_s: number }>(
        sql`SELECT last_error, extract(epoch FROM next_attempt_at - now())::int AS wait_s FROM provider_calls WHERE org_id = ${owner.org.id} AND provider = 'quickbooks'`,
      )
    ).rows;
    expect(call).toMatchObject({ last_error: 'qb_throttled' });
    expect(call!.wait_s).toBeGreaterThanOrEqual(55);
    world.quickbooks.setRateLimit(500);
    await later(2);
    expect((await journalEntries(world, owner))[0]!.Status).toBe('succeeded');
    expect(company().journalEntries).toHaveLength(1);
  });

  it("fails a refused entry with Intuit's reason, and a retry after the fix posts it under a new requestid", async () => {
    const { owner, company } = await connectedOrg(world);
    company().accounts.find((account) => account.Id === '36')!.Active = false;
    await paidInvoice(world, owner, 1_200);
    const [failed] = await journalEntries(world, owner);
    expect(failed).toMatchObject({ Status: 'failed', ref_id: null });
    expect(failed!.error_text).toBe(
      "An account, customer or vendor on this entry is inactive in QuickBooks (Object Not Found: Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts.)",
    );
    company().accounts.find((account) => account.Id === '36')!.Active = true;
    const retried = await inject('POST', `/api/qb/journalEntries/${failed!.id}/retry`, owner.headers);
    expect(retried.json()).toMatchObject({ Status: 'succeeded', ref_id: company().journalEntries[0]!.Id });
    // Intuit answers a requestid's first answer again, refusal included: the retry went out under another one.
    const ids = requestsTo(/\/journalentry$/)
      .map((request) => request.query.get('requestid')!)
      .filter((id) => id.startsWith(failed!.id));
    expect(ids).toEqual([failed!.id, `${failed!.id}.1`]);
  });

  it('disconnecting revokes the grant at Intuit', async () => {
    const { owner } = await connectedOrg(world);
    const [connection] = (await inject('GET', '/api/orgOauth', owner.headers)).json<AccountingConnectionRecord[]>();
    const revokes = requestsTo(/tokens\/revoke$/).length;
    expect((await inject('DELETE', `/api/orgOauth?id=${connection!.id}`, owner.headers)).statusCode).toBe(200);
    const [revoke] = requestsTo(/tokens\/revoke$/).slice(revokes);
    expect(revoke!.headers.authorization).toMatch(/^Basic /);
    expect(JSON.parse(revoke!.body)).toEqual({ token: expect.stringMatching(/^AB11/) });
    expect((await inject('GET', '/api/qb/accounts', owner.headers)).json().message).toBe('Connect QuickBooks first');
  });

  it('an expired refresh token asks to reconnect, pauses the books, and reconnecting sends everything once', async () => {
    const { owner, realmId, company } = await connectedOrg(world);
    await paidInvoice(world, owner, 1_000);
    // 101 days without a call: Intuit refuses the refresh token.
    world.quickbooks.advance(101 * 86_400_000);
    await paidInvoice(world, owner, 1_100);
    const [failed] = await journalEntries(world, owner);
    expect(failed).toMatchObject({ Status: 'failed', error_text: 'The QuickBooks connection has expired: connect again' });
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toMatchObject([{ needs_reconnect: true }]);
    const read = await inject('GET', '/api/qb/accounts', owner.headers);
    expect([read.statusCode, read.json().message]).toEqual([409, 'The QuickBooks connection has expired: connect again']);
    // Paused: nothing more is drafted or sent until the organisation connects again.
    const calls = world.quickbooks.requests.length;
    await paidInvoice(world, owner, 1_200);
    expect(await journalEntries(world, owner)).toHaveLength(2);
    expect(world.quickbooks.requests.length).toBe(calls);

    world.quickbooks.consentTo(realmId);
    expect((await connectQuickbooksOnline(world.ctx.app, owner.token)).callback.body).toContain('QuickBooks is connected');
    world.quickbooks.consentTo(null);
    const entries = await journalEntries(world, owner);
    expect(entries.map((entry) => entry.Status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(company().journalEntries).toHaveLength(3);
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toMatchObject([{ needs_reconnect: false }]);
  });
});
