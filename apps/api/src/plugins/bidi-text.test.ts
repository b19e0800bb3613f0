import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { PASSWORD, addCreator, createOwner, readOutbox, signUp, uniqueEmail, upgradePlan } from '../../test/fixtures.ts';
import { addCampaign, addCustomer, createMember } from '../../test/campaign-fixtures.ts';
import { users } from '../db/schema/index.ts';

// Right-to-left override ... pop: "‮exe.pdf‬" is shown reversed around the controls.
const SPOOF = '\u202Eexe.pdf\u202C';
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-bidi-test-')) });
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('bidirectional controls in names', () => {
  it('never reach an invitation email: the inviter’s name, the organisation’s and the invitee’s are stored without them', async () => {
    const owner = await createOwner(ctx.app);
    await upgradePlan(ctx.app, owner.headers);
    const self = await call('PUT', `/v1/users/${owner.user.id}`, owner.headers, { first_name: SPOOF, last_name: 'Owner' });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json().first_name).toBe('exe.pdf');
    const org = await call('PUT', '/v1/org', owner.headers, { name: `Acme ${SPOOF}`, website: 'https://acme.example' });
    expect(org.json().name).toBe('Acme exe.pdf');

    const email = uniqueEmail('invitee');
    const invited = await call('POST', '/v1/users', owner.headers, { email, first_name: SPOOF, last_name: 'Member', role: 'collaborator' });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().first_name).toBe('exe.pdf');
    const [mail] = (await readOutbox(ctx.app)).filter((message) => message.to === email);
    expect(mail!.subject).toBe('Join Acme exe.pdf on Crewpay');
    expect(mail!.text).toContain('exe.pdf invited you to join Acme exe.pdf');
    expect(mail!.subject + mail!.text).not.toMatch(BIDI);
  });

  it('are removed from an email even when a name was stored with them before', async () => {
    const owner = await createOwner(ctx.app);
    await upgradePlan(ctx.app, owner.headers);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    await ctx.deps.db.update(users).set({ first_name: SPOOF }).where(eq(users.id, admin.user.id));
    const email = uniqueEmail('invitee');
    expect((await call('POST', '/v1/users', admin.headers, { email, role: 'collaborator' })).statusCode).toBe(200);
    const [mail] = (await readOutbox(ctx.app)).filter((message) => message.to === email);
    expect(mail!.text).toContain('exe.pdf invited you');
    expect(mail!.text).not.toMatch(BIDI);
  });

  it('are removed from every kind of name a person types (creators, customers, campaigns, tags)', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: `Rae${SPOOF}`, last_name: `\u2067Stone\u2069` });
    expect([creator.first_name, creator.last_name]).toEqual(['Raeexe.pdf', 'Stone']);
    const customer = await addCustomer(ctx.app, owner.headers, { name: `Brand\u200F${SPOOF}` });
    expect(customer.name).toBe('Brandexe.pdf');
    const campaign = await addCampaign(ctx.app, owner.headers, { customer_id: customer.id, title: `Launch\u061C${SPOOF}` });
    expect(campaign.title).toBe('Launchexe.pdf');
    const tags = await call('POST', '/v1/tags', owner.headers, [{ label: `vip${SPOOF}` }]);
    expect(JSON.stringify(tags.json())).toContain('vipexe.pdf');
    const renamed = await call('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, business_name: `\u202DCo${SPOOF}` });
    expect(renamed.json().business_name).toBe('Coexe.pdf');
    for (const body of [creator, customer, campaign, tags.json(), renamed.json()]) expect(JSON.stringify(body)).not.toMatch(BIDI);
  });

  it('are removed from an uploaded file’s name', async () => {
    const owner = await createOwner(ctx.app);
    const campaign = await addCampaign(ctx.app, owner.headers);
    const boundary = '----crewpaybidi';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payment_group_id"\r\n\r\n${campaign.id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="brief\u202Efdp.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      Buffer.from('plain notes\r\n'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/v1/campaign_files',
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().file_name).toBe('brieffdp.txt');
  });

  it('are kept in a password, where every character counts', async () => {
    const email = uniqueEmail('bidi');
    const password = `${PASSWORD}\u200E`;
    await signUp(ctx.app, email, password);
    expect((await call('POST', '/v1/users/signin', {}, { email, password })).statusCode).toBe(200);
    expect((await call('POST', '/v1/users/signin', {}, { email, password: PASSWORD })).statusCode).toBe(401);
  });
});
