import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { contractMultipart, sendContract, twoPagePdf } from '../../../test/contract-fixtures.ts';
import { DROPBOX_SIGN_FAKE, startDropboxSignFake, type DropboxSignFake } from '../../../fakes/dropbox-sign-fake.ts';
import { buildFormData, parseFormData } from '../../lib/form-data.ts';
import { contracts, emails, providerCalls, providerEvents } from '../../db/schema/index.ts';
import { runDueProviderCalls, settleDueProviderCalls } from '../../modules/provider-calls/index.ts';
import { sha256 } from './index.ts';

let ctx: TestContext;
let fake: DropboxSignFake;
beforeAll(async () => {
  fake = await startDropboxSignFake();
  ctx = await createTestContext({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-dropbox-sign-test-')),
    ...fake.settings,
  });
});
// Every request Crewpay made and every answer and callback the fake gave followed Dropbox Sign's description.
afterEach(() => expect(fake.problems.splice(0)).toEqual([]));

const contractOf = async (id: string) => (await ctx.deps.db.select().from(contracts).where(eq(contracts.id, id)))[0]!;
/** The contract emails of ours to an address (the creator's invitation aside). */
const contractEmails = async (to: string) =>
  (await ctx.deps.db.select().from(emails).where(eq(emails.to, to))).filter((email) => email.subject.includes('agreement'));
const lastRequest = (pathEnd: string) => [...fake.requests].reverse().find((request) => request.path.endsWith(pathEnd))!;

async function sentContract() {
  const owner = await createOwner(ctx.app);
  const creator = await addCreator(ctx.app, owner.headers);
  const contract = await sendContract(ctx.app, owner.headers, creator.id);
  // The send is an outbox call; one another runner claimed first is finished here, so the contract has its request.
  await settleDueProviderCalls(ctx.deps);
  const sent = await contractOf(contract.id);
  expect(sent.signature_request_id).toBeTruthy();
  return { owner, creator, contract: sent };
}

/** The signer signs on Dropbox Sign's page; its callbacks reach our route. */
async function signAtDropboxSign(requestId: string) {
  await fake.sign(requestId);
  const callbacks = fake.takeCallbacks();
  for (const callback of callbacks) {
    const answer = await fake.deliver(ctx.app, callback);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe('Hello API Event Received');
  }
  return callbacks;
}

describe('Dropbox Sign as the e-signature service (ESIGN_PROVIDER=dropbox_sign)', () => {
  it('sends the stored PDF with our blocks as its signer fields and our ids as metadata, through the outbox', async () => {
    const { owner, creator, contract } = await sentContract();
    const sent = lastRequest('/v3/signature_request/send');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${DROPBOX_SIGN_FAKE.apiKey}:`).toString('base64')}`);
    const parts = Object.fromEntries(parseFormData(sent.raw, sent.headers['content-type']).map((part) => [part.name, part]));
    const original = await ctx.app.inject({
      method: 'GET',
      url: `/v1/contracts/${contract.id}/file?version=original`,
      headers: owner.headers,
    });
    expect(parts['files[0]']!.value.equals(original.rawPayload)).toBe(true);
    expect(JSON.parse(parts.signers!.value.toString())).toEqual([{ name: 'Casey Creator', email_address: creator.email }]);
    expect(JSON.parse(parts.metadata!.value.toString())).toEqual({ crewpay_org_id: contract.org_id, crewpay_contract_id: contract.id });
    expect(parts.client_id!.value.toString()).toBe(DROPBOX_SIGN_FAKE.clientId);
    // Our blocks (612x792 reference) on page 1 (Letter) and page 2 (A4, scaled), sized in Dropbox Sign's 80 DPI.
    expect(JSON.parse(parts.form_fields_per_document!.value.toString())).toEqual([
      {
        document_index: 0,
        api_id: 'signature_field_1',
        type: 'signature',
        required: true,
        signer: '0',
        page: 1,
        x: 100,
        y: 600,
        width: 89,
        height: 18,
      },
      {
        document_index: 0,
        api_id: 'signature_field_2',
        type: 'signature',
        required: true,
        signer: '0',
        page: 2,
        x: 292,
        y: 425,
        width: 86,
        height: 19,
      },
    ]);
    expect(contract).toMatchObject({ esign_provider: 'dropbox-sign', preview_state: 'ready', signature_request_id: expect.any(String) });
    expect(fake.signatureRequest(contract.signature_request_id!)?.title).toBe('Creator agreement');
    const [call] = await ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.subject_id, contract.id));
    expect(call).toMatchObject({ provider: 'dropbox-sign', operation: 'signature_request.create', status: 'succeeded' });
    // Dropbox Sign emails the signer: no signing link of ours is sent.
    expect(await contractEmails(creator.email)).toEqual([]);
  });

  it('applies the sign event: downloads the signed file, stores it, marks the contract signed, once', async () => {
    const { owner, creator, contract } = await sentContract();
    const callbacks = await signAtDropboxSign(contract.signature_request_id!);
    const signedBytes = fake.signatureRequest(contract.signature_request_id!)!.signed!;
    const signed = await contractOf(contract.id);
    expect(signed).toMatchObject({ status: 'succeeded', signed_sha256: sha256(signedBytes) });
    expect(signed.audit).toMatchObject({ signer_name: 'Casey Creator', signer_email: creator.email, signature_type: 'dropbox_sign' });
    const file = await ctx.app.inject({ method: 'GET', url: `/v1/contracts/${contract.id}/file?version=signed`, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(signedBytes)).toBe(true);
    expect((await contractEmails(creator.email)).map((email) => email.subject)).toEqual(['Your signed copy of "Creator agreement"']);
    // Delivered again (Dropbox Sign retries until it reads its acknowledgement): nothing more happens.
    for (const callback of callbacks) expect((await fake.deliver(ctx.app, callback)).statusCode).toBe(200);
    const downloads = fake.requests.filter((request) => request.path === `/v3/signature_request/files/${contract.signature_request_id}`);
    expect(downloads).toHaveLength(1);
    expect(await contractEmails(creator.email)).toHaveLength(1);
  });

  it('refuses a callback whose event_hash was not made with our API key, changing nothing', async () => {
    const { contract } = await sentContract();
    await fake.sign(contract.signature_request_id!);
    const before = (await ctx.deps.db.select().from(providerEvents)).length;
    for (const callback of fake.takeCallbacks()) {
      const forged = await fake.deliver(ctx.app, callback, { apiKey: 'someone-elses-api-key' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ message: 'Invalid signature' });
    }
    expect((await ctx.deps.db.select().from(providerEvents)).length).toBe(before);
    expect(await contractOf(contract.id)).toMatchObject({ status: 'requires_info', signed_key: null });
  });

  it('binds a declined callback to the request it names: replayed onto another contract it changes nothing (issue 40, finding 13)', async () => {
    const { contract: declined } = await sentContract();
    const { contract: victim } = await sentContract();
    fake.decline(declined.signature_request_id!);
    const [callback] = fake.takeCallbacks();
    expect((await fake.deliver(ctx.app, callback!)).statusCode).toBe(200);
    // Applied once Dropbox Sign's API confirmed the decline (a provider call after the callback's commit, run here rather than waited for).
    await runDueProviderCalls(ctx.deps);
    await expect.poll(async () => (await contractOf(declined.id)).status).toBe('canceled');

    // The event_hash covers only the time and type: the same event with another contract's request in the body.
    const request = callback!.payload.signature_request as Record<string, unknown>;
    const replays = [
      {
        ...request,
        signature_request_id: victim.signature_request_id,
        metadata: { crewpay_org_id: victim.org_id, crewpay_contract_id: victim.id },
      },
      { ...request, signature_request_id: victim.signature_request_id },
      { ...request, metadata: { crewpay_org_id: victim.org_id, crewpay_contract_id: victim.id } },
    ];
    for (const signature_request of replays) {
      const replay = await fake.deliver(ctx.app, { ...callback!, payload: { ...callback!.payload, signature_request } });
      expect(replay.statusCode, replay.body).toBe(200);
    }
    await runDueProviderCalls(ctx.deps);
    expect(await contractOf(victim.id)).toMatchObject({ status: 'requires_info', signature_request_id: victim.signature_request_id });
    // A real decline of the victim's request is still applied. Dropbox Sign's event_time counts
    // seconds: a forged body identical to a real event of the same second is that event (stored
    // once), so the real decline comes a second later, as it would after someone opened the page.
    await new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1_000)));
    fake.decline(victim.signature_request_id!);
    for (const real of fake.takeCallbacks()) expect((await fake.deliver(ctx.app, real)).statusCode).toBe(200);
    await runDueProviderCalls(ctx.deps);
    await expect.poll(async () => (await contractOf(victim.id)).status).toBe('canceled');
  });

  it('opens Dropbox Sign’s embedded template editor, keeps the template it saves, and sends contracts from it', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const form = contractMultipart({ title: 'Standard agreement' }, { name: 'standard.pdf', bytes: await twoPagePdf() });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contract_templates/embedded',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { edit_url, template_id } = started.json<{ edit_url: string; template_id: string }>();
    // The fake's stand-in for Dropbox Sign's editor page (https://embedded.hellosign.com/... for real).
    expect(edit_url.startsWith(`${fake.url}/_fake/embedded/${template_id}?`)).toBe(true);
    const draftCall = parseFormData(
      lastRequest('/template/create_embedded_draft').raw,
      lastRequest('/template/create_embedded_draft').headers['content-type'],
    );
    expect(JSON.parse(draftCall.find((part) => part.name === 'signer_roles')!.value.toString())).toEqual([{ name: 'Recipient', order: 0 }]);
    const read = (id: string) => ctx.app.inject({ method: 'GET', url: `/v1/contract_templates/${id}`, headers: owner.headers });
    expect((await read(template_id)).json()).toMatchObject({ hellosign_template_id: template_id, state: 'draft' });

    fake.saveTemplate(template_id);
    for (const callback of fake.takeCallbacks()) expect((await fake.deliver(ctx.app, callback)).statusCode).toBe(200);
    const template = (await read(template_id)).json<{ id: string; state: string }>();
    expect(template.state).toBe('ready');

    const body = contractMultipart({
      title: 'From the template',
      type: 'signature_request',
      recipient: creator.id,
      recipient_type: 'creator',
      expiration_date: '2099-12-31',
      template_id: template.id,
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contracts',
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(JSON.parse(lastRequest('/signature_request/send_with_template').body)).toMatchObject({
      template_ids: [template_id],
      signers: [{ role: 'Recipient', name: 'Casey Creator', email_address: creator.email }],
    });
    const contract = await contractOf(created.json<{ id: string }>().id);
    expect(contract).toMatchObject({ esign_provider: 'dropbox-sign', preview_state: 'ready' });
    await signAtDropboxSign(contract.signature_request_id!);
    expect(await contractOf(contract.id)).toMatchObject({ status: 'succeeded' });
  });

  it('reminds through Dropbox Sign and cancels an invalidated contract’s request there', async () => {
    const { owner, creator, contract } = await sentContract();
    const reminded = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contracts/reminders',
      headers: owner.headers,
      payload: { reminder_type: 'email', ids: contract.id },
    });
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(JSON.parse(lastRequest(`/signature_request/remind/${contract.signature_request_id}`).body)).toEqual({
      email_address: creator.email,
    });
    const invalidated = await ctx.app.inject({ method: 'PUT', url: `/v1/contracts/${contract.id}/invalidate`, headers: owner.headers });
    expect(invalidated.statusCode).toBe(200);
    expect(lastRequest(`/signature_request/cancel/${contract.signature_request_id}`).method).toBe('POST');
    expect(fake.signatureRequest(contract.signature_request_id!)).toBeUndefined();
  });

  it('never sends a request whose contract was invalidated while its call waited for a retry', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    fake.failNext(/\/signature_request\/send$/, {
      status: 500,
      body: { error: { error_msg: 'Server error', error_name: 'server_error' } },
    });
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    expect(contract.preview_state).toBe('pending');
    const invalidated = await ctx.app.inject({ method: 'PUT', url: `/v1/contracts/${contract.id}/invalidate`, headers: owner.headers });
    expect(invalidated.statusCode).toBe(200);
    const sends = fake.requests.filter((request) => request.path === '/v3/signature_request/send').length;
    await runDueProviderCalls(ctx.deps, { now: new Date(Date.now() + 3_600_000) });
    expect(fake.requests.filter((request) => request.path === '/v3/signature_request/send').length).toBe(sends);
    const [call] = await ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.subject_id, contract.id));
    expect(call).toMatchObject({ status: 'failed', last_error: 'contract_not_sendable' });
    expect(await contractOf(contract.id)).toMatchObject({ status: 'canceled', preview_state: 'failed', signature_request_id: null });
  });

  it('has its fake refuse, as Dropbox Sign does, a request that breaks the official description', async () => {
    const answer = await fetch(`${fake.url}/v3/signature_request/send_with_template`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${DROPBOX_SIGN_FAKE.apiKey}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ template_ids: 'not-a-list', signers: [{ role: 'Recipient', name: 'A' }] }),
    });
    expect(answer.status).toBe(400);
    const refused = fake.problems.splice(0);
    expect(refused).toEqual(
      expect.arrayContaining([expect.stringMatching(/template_ids must be array/), expect.stringMatching(/email_address/)]),
    );
    // A multipart body is read as Dropbox Sign's SDKs send it: an object field is JSON text, a flag is text.
    const form = buildFormData([
      { name: 'signers', value: Buffer.from(JSON.stringify([{ name: 'A', email_address: 'a@example.com' }])) },
      { name: 'test_mode', value: Buffer.from('maybe') },
      { name: 'form_fields_per_document', value: Buffer.from(JSON.stringify({ not: 'a list' })) },
    ]);
    const multipart = await fetch(`${fake.url}/v3/signature_request/send`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${DROPBOX_SIGN_FAKE.apiKey}:`).toString('base64')}`,
        'content-type': form.contentType,
      },
      body: form.body,
    });
    expect(multipart.status).toBe(400);
    expect(fake.problems.splice(0).sort()).toEqual([
      'POST /signature_request/send: body/form_fields_per_document must be array',
      'POST /signature_request/send: body/test_mode must be boolean',
    ]);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/v1/webhooks/dropbox-sign', payload: 'json=not-json' });
    expect(unsigned.statusCode).toBe(400);
  });
});
