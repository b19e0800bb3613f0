import { beforeAll, describe, expect, it } from 'vitest';
import { QUICKBOOKS_FAKE_APP, startQuickbooksFake, type QuickbooksFake } from './quickbooks-fake.ts';

/** The QuickBooks fake refuses what Intuit's reference says Intuit refuses, in Intuit's shapes. */
let fake: QuickbooksFake;
beforeAll(async () => {
  fake = await startQuickbooksFake();
});

const basic = (secret = QUICKBOOKS_FAKE_APP.clientSecret) =>
  `Basic ${Buffer.from(`${QUICKBOOKS_FAKE_APP.clientId}:${secret}`).toString('base64')}`;
const form = (body: Record<string, string>, secret?: string) =>
  fetch(`${fake.url}/oauth2/v1/tokens/bearer`, {
    method: 'POST',
    headers: { authorization: basic(secret), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(body).toString(),
  });

/** Intuit's consent (the fake approves at once), then the code exchanged for tokens. */
async function grant() {
  const query = new URLSearchParams({
    client_id: QUICKBOOKS_FAKE_APP.clientId,
    response_type: 'code',
    scope: 'com.intuit.quickbooks.accounting',
    redirect_uri: 'http://crewpay.test/api/qb/callback',
    state: 's',
  });
  const consent = await fetch(`${fake.url}/connect/oauth2?${query}`, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const tokens = await form({
    grant_type: 'authorization_code',
    code: back.searchParams.get('code')!,
    redirect_uri: back.origin + back.pathname,
  });
  expect(tokens.status).toBe(200);
  return {
    realmId: back.searchParams.get('realmId')!,
    code: back.searchParams.get('code')!,
    tokens: (await tokens.json()) as Record<string, string | number>,
  };
}

const api = (realmId: string, accessToken: string, path: string, init: RequestInit = {}) =>
  fetch(`${fake.url}/v3/company/${realmId}/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'content-type': 'application/json', ...init.headers },
  });

const line = (PostingType: string, account: string, Amount: number) => ({
  Amount,
  DetailType: 'JournalEntryLineDetail',
  JournalEntryLineDetail: { PostingType, AccountRef: { value: account } },
});

describe('the QuickBooks fake', () => {
  it("answers Intuit's token shapes: one-time codes, rotating refresh tokens, invalid_client and invalid_grant", async () => {
    const { code, tokens } = await grant();
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, x_refresh_token_expires_in: 8_640_000 });
    const again = await form({ grant_type: 'authorization_code', code, redirect_uri: 'http://crewpay.test/api/qb/callback' });
    expect([again.status, await again.json()]).toEqual([400, { error: 'invalid_grant' }]);
    const wrongKeys = await form({ grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token) }, 'wrong');
    expect([wrongKeys.status, await wrongKeys.json()]).toEqual([401, { error: 'invalid_client' }]);
    expect((await form({ grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token) })).status).toBe(200);
    // Rotated: the refresh token just used is spent.
    expect((await form({ grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token) })).status).toBe(400);
  });

  it('refuses requests that break the reference, each with its Fault', async () => {
    const { realmId, tokens } = await grant();
    const access = String(tokens.access_token);
    const noMinor = await api(realmId, access, `query?query=${encodeURIComponent('select * from Account')}`);
    expect(noMinor.status).toBe(400);
    expect(await noMinor.json()).toMatchObject({
      Fault: { type: 'ValidationFault', Error: [{ code: '2020', Message: expect.any(String) }] },
    });
    const badQuery = await api(
      realmId,
      access,
      `query?minorversion=75&query=${encodeURIComponent('select Name from Account order by Id')}`,
    );
    expect(await badQuery.json()).toMatchObject({ Fault: { Error: [{ code: '4000', Message: 'Error parsing query' }] } });
    const stranger = await api(realmId, 'not-a-token', `query?minorversion=75&query=${encodeURIComponent('select * from Vendor')}`);
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toMatchObject({ Fault: { type: 'AUTHENTICATION', Error: [{ code: '3200' }] } });
    const post = (body: unknown, requestid: string) =>
      api(realmId, access, `journalentry?minorversion=75&requestid=${requestid}`, { method: 'POST', body: JSON.stringify(body) });
    const unbalanced = await post({ Line: [line('Debit', '36', 10), line('Credit', '79', 9.99)] }, 'r1');
    expect([unbalanced.status, ((await unbalanced.json()) as { Fault: { Error: { code: string }[] } }).Fault.Error[0]!.code]).toEqual([
      400,
      '6000',
    ]);
    const unknown = await post({ Line: [line('Debit', '999', 1), line('Credit', '79', 1)] }, 'r2');
    expect(await unknown.json()).toMatchObject({
      Fault: { Error: [{ code: '2500', Detail: 'Invalid Reference Id : Accounts element id 999 not found' }] },
    });
    const inactive = await post({ Line: [line('Debit', '90', 1), line('Credit', '79', 1)] }, 'r3');
    expect(await inactive.json()).toMatchObject({ Fault: { Error: [{ code: '610', Message: 'Object Not Found' }] } });
    expect((await post({ Line: [line('Debit', '36', 1), line('Credit', '79', 1)] }, 'x'.repeat(51))).status).toBe(400);
    // A requestid answers its first answer again, refusal included; the entry is made once.
    const created = await post({ Line: [line('Debit', '36', 12.5), line('Credit', '79', 12.5)] }, 'r4');
    const repeated = await post({ Line: [line('Debit', '36', 12.5), line('Credit', '79', 12.5)] }, 'r4');
    expect(((await repeated.json()) as { JournalEntry: { Id: string } }).JournalEntry.Id).toBe(
      ((await created.json()) as { JournalEntry: { Id: string } }).JournalEntry.Id,
    );
    expect((await post({ Line: [line('Debit', '36', 10), line('Credit', '79', 10)] }, 'r1')).status).toBe(400);
    expect(fake.company(realmId)!.journalEntries).toHaveLength(1);
  });

  it("checks every exchange against its description of Intuit's reference: a request that breaks it is refused and recorded", async () => {
    const { realmId, tokens } = await grant();
    fake.problems.splice(0);
    const post = (body: unknown) =>
      api(realmId, String(tokens.access_token), 'journalentry?minorversion=75&requestid=described-1', {
        method: 'POST',
        body: JSON.stringify(body),
      });
    // A balanced entry on known accounts, but its date in the US order and a field JournalEntry does not have.
    const refused = await post({ TxnDate: '11/26/2026', Memo: 'x', Line: [line('Debit', '36', 5), line('Credit', '79', 5)] });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { Fault: { type: string; Error: { code: string; Detail: string }[] } };
    expect(body.Fault).toMatchObject({ type: 'ValidationFault', Error: [{ code: '2010' }] });
    expect(body.Fault.Error[0]!.Detail).toContain('body/TxnDate must match format "date"');
    expect(body.Fault.Error[0]!.Detail).toContain('must NOT have additional properties');
    expect(fake.company(realmId)!.journalEntries).toEqual([]);
    const wrongGrant = await form({ grant_type: 'password', username: 'a', password: 'b' });
    expect(wrongGrant.status).toBe(400);
    const recorded = fake.problems.splice(0);
    expect(recorded).toContain(`POST /v3/company/${realmId}/journalentry: body/TxnDate must match format "date"`);
    expect(recorded).toContain(`POST /v3/company/${realmId}/journalentry: body must NOT have additional properties`);
    expect(recorded).toContain('POST /oauth2/v1/tokens/bearer: body/grant_type must be equal to one of the allowed values');
    // The same entry as the reference describes it is made, and its answer follows the description too.
    expect((await post({ TxnDate: '2026-11-26', Line: [line('Debit', '36', 5), line('Credit', '79', 5)] })).status).toBe(200);
    expect(fake.problems).toEqual([]);
  });

  it('answers 429 ThrottleExceeded past the per-company limit, and shows its state', async () => {
    const { realmId, tokens } = await grant();
    fake.setRateLimit(1);
    const query = `query?minorversion=75&query=${encodeURIComponent('select * from Customer startposition 1 maxresults 2')}`;
    const first = await api(realmId, String(tokens.access_token), query);
    expect(await first.json()).toMatchObject({ QueryResponse: { Customer: [{ Id: '1' }, { Id: '3' }], startPosition: 1, maxResults: 2 } });
    const throttled = await api(realmId, String(tokens.access_token), query);
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toMatchObject({ Fault: { Error: [{ code: '3001' }] } });
    fake.setRateLimit(500);
    const state = (await (await fetch(`${fake.url}/_fake/state`)).json()) as { companies: { realm_id: string; accounts: unknown[] }[] };
    expect(state.companies.find((company) => company.realm_id === realmId)!.accounts).toContainEqual(
      expect.objectContaining({ Id: '36', Name: 'Crewpay Clearing', Active: true }),
    );
  });
});
