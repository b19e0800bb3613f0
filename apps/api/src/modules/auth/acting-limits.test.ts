import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAsMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { latestLinkId, readOutbox, uniqueEmail } from '../../../test/fixtures.ts';
import { sendContract } from '../../../test/contract-fixtures.ts';
import { BANK, createDrafts, fundedOwner, paymentRow } from '../../../test/payment-fixtures.ts';
import { individualUpdate, portalCreator } from '../../../test/portal-fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { auditLog, contracts, creators, expiringLinks, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { startSession } from './sessions.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-acting-test-')) });
});

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const actAs = async (headers: Headers, userId: string) =>
  expect((await call('POST', '/v1/users/loginas', headers, { user_id: userId })).statusCode).toBe(200);
const stopActing = async (headers: Headers) => expect((await call('DELETE', '/v1/users/loginas', headers)).statusCode).toBe(200);

function expectRefused(response: { statusCode: number; json: () => { message: string } }, message: string) {
  expect(response.statusCode).toBe(403);
  expect(response.json().message).toBe(message);
}

const signingLinksOf = (contractId: string) =>
  ctx.deps.db.$count(
    expiringLinks,
    and(eq(expiringLinks.type, 'contract_signing'), sql`${expiringLinks.payload}->>'contract_id' = ${contractId}`),
  );

describe('acting as a creator cannot sign for them (issue 33, finding 3)', () => {
  it('refuses the portal signing link while acting, so nothing is left to sign after acting ends', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const creator = await portalCreator(ctx.app, owner.headers);
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    const linksBefore = await signingLinksOf(contract.id);

    await actAs(owner.headers, creator.user_id);
    // The contract is theirs to see while acting, not to open for signing.
    expect((await call('GET', `/v1/creator/contracts/${contract.id}`, owner.headers)).statusCode).toBe(200);
    expectRefused(await call('POST', `/v1/creator/contracts/${contract.id}/signing_link`, owner.headers), loginAsMessages.noSigningLinks);
    await stopActing(owner.headers);

    expect(await signingLinksOf(contract.id)).toBe(linksBefore);
    const [row] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row!.signature_date).toBeNull();
    // The creator, signed in as themselves, still can.
    expect((await call('POST', `/v1/creator/contracts/${contract.id}/signing_link`, creator.headers)).statusCode).toBe(200);
  });

  it('refuses signing through the emailed link from an acting session, and records the attempt', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const creator = await portalCreator(ctx.app, owner.headers);
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    const linkId = await latestLinkId(ctx.app, creator.email, '/sign/');

    await actAs(owner.headers, creator.user_id);
    const signed = await call('POST', `/v1/contract_signing/${linkId}`, owner.headers, {
      signer_name: 'Casey Creator',
      signature_type: 'typed',
      consent: true,
    });
    expectRefused(signed, loginAsMessages.noSigning);
    expectRefused(await call('POST', `/v1/expiring_link?id=${linkId}`, owner.headers, {}), loginAsMessages.noLinks);
    const [row] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row!.signature_date).toBeNull();
    const attempts = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_user_id, owner.user.id), eq(auditLog.action, 'POST /v1/contract_signing/:linkId')));
    expect(attempts.map((attempt) => [attempt.user_id, attempt.status_code])).toEqual([[creator.user_id, 403]]);
  });
});

describe('acting cannot change payout or tax details, nor approve', () => {
  it('refuses a creator’s payout and tax details in their portal while acting as them', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const creator = await portalCreator(ctx.app, owner.headers);
    await actAs(owner.headers, creator.user_id);
    expectRefused(await call('PUT', `/v1/creators/user/${creator.id}`, owner.headers, individualUpdate()), loginAsMessages.noPayoutDetails);
    const [row] = await ctx.deps.db.select().from(creators).where(eq(creators.id, creator.id));
    expect([row!.account_number, row!.state_tax_id]).toEqual([null, null]);
  });

  it('refuses bank and tax fields of a creator while acting as a team member, and lets the rest through', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    const creator = (
      await call('POST', '/v1/creators', owner.headers, { email: uniqueEmail('c'), first_name: 'R', last_name: 'B', ...BANK })
    ).json();
    await actAs(owner.headers, collaborator.user.id);
    for (const change of [
      { account_number: '000999888777', routing_number: '021000021' },
      { state_tax_id: '123456789' },
      { selected_payment_method: 'paypal' },
    ]) {
      expectRefused(
        await call('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, ...change }),
        loginAsMessages.noPayoutDetails,
      );
    }
    expect(
      (await call('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, bio: 'Edited while acting' })).statusCode,
    ).toBe(200);
  });

  it('refuses executing payments while acting as an admin; the admin, as themselves, executes', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const [admin] = await ctx.deps.db
      .insert(users)
      .values({ id: newId(), email: uniqueEmail('admin'), org_id: owner.org.id, role: 'admin' })
      .returning();
    const creator = (
      await call('POST', '/v1/creators', owner.headers, { email: uniqueEmail('c'), first_name: 'P', last_name: 'Q', ...BANK })
    ).json();
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id)]);
    await actAs(owner.headers, admin!.id);
    expectRefused(await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] }), loginAsMessages.noApproving);
    expect((await call('GET', `/v1/payments/${draft!.id}`, owner.headers)).json()).toMatchObject({ status: 'draft' });
    const adminSession = await startSession(ctx.deps.db, admin!, 1);
    const executed = await call('PUT', '/v1/payments/initiate', { 'auth-token': adminSession.auth_token }, { ids: [draft!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
  });

  it('refuses creating an API key or a webhook endpoint while acting as an admin (issue 40): neither outlives the acting session', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const [admin] = await ctx.deps.db
      .insert(users)
      .values({ id: newId(), email: uniqueEmail('admin'), org_id: owner.org.id, role: 'admin' })
      .returning();
    await actAs(owner.headers, admin!.id);
    expectRefused(await call('POST', '/v1/org_api_token', owner.headers), loginAsMessages.noKeys);
    expectRefused(
      await call('POST', '/v1/webhook_endpoints', owner.headers, { url: 'https://example.com/hook', events: ['payment.posted'] }),
      loginAsMessages.noKeys,
    );
    await stopActing(owner.headers);
    expect((await call('GET', '/v1/org_api_token', owner.headers)).json()).toEqual([]);
    expect((await call('GET', '/v1/webhook_endpoints', owner.headers)).json()).toEqual([]);
  });

  it("is declared on the routes that stand as the person's own word or decide where money goes", () => {
    const refusing = ctx.app.routePolicies().filter(({ policy }) => policy?.acting);
    expect(refusing.length).toBeGreaterThan(30);
    expect(refusing.map(({ method, url }) => `${method} ${url}`)).toEqual(
      expect.arrayContaining(['PUT /v1/payments/initiate', 'POST /v1/treasury/ach', 'PUT /v1/creators/:id', 'POST /v1/users/passkeys']),
    );
  });
});

describe('while acting, the person acted for is told', () => {
  it('gets a notification in their portal and an email, naming who and until when', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const creator = await portalCreator(ctx.app, owner.headers);
    await actAs(owner.headers, creator.user_id);
    await stopActing(owner.headers);
    const notices = (await call('GET', '/v1/notifications', creator.headers)).json<{ text: string }[]>();
    expect(notices.map((notice) => notice.text)).toContainEqual(
      expect.stringMatching(/^.+ of Acme Creators signed in to Crewpay as you on .+ UTC, until .+ UTC at the latest\./),
    );
    const mail = (await readOutbox(ctx.app)).filter(
      (email) => email.to === creator.email && email.subject.endsWith('signed in to Crewpay as you'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(owner.user.email);
    expect(mail[0]!.text).toContain('cannot sign for you, execute payments, or change your payout, bank or tax details');
  });
});
