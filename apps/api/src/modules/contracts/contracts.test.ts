import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';
import { contractMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, latestLinkId, readOutbox } from '../../../test/fixtures.ts';
import { addCampaign, addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { block, postContract, sendContract, twoPagePdf } from '../../../test/contract-fixtures.ts';
import { and } from 'drizzle-orm';
import { contracts, expiringLinks, feeSchedules, orgs } from '../../db/schema/index.ts';
import { ensureLedgerAccounts, findBalances, postTransfer } from '../ledger/index.ts';
import { ensureFeeSchedules } from '../fees/index.ts';
import { sha256 } from '../../providers/esign/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-contracts-test-')) });
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const sign = (linkId: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/contract_signing/${linkId}`,
    headers: { 'user-agent': 'Vitest Browser/1.0', 'x-forwarded-for': '203.0.113.7' },
    payload: { signer_name: 'Casey Creator', signature_type: 'typed', consent: true, ...payload },
  });

async function setup() {
  const owner = await createOwner(ctx.app);
  const creator = await addCreator(ctx.app, owner.headers);
  return { owner, creator };
}

/** The text positions (Tm operands) drawn on a page, read from its decoded content streams. */
function textPositions(page: PDFPage): { x: number; y: number }[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const text = streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  return [...text.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) Tm/g)].map((match) => ({
    x: Number(match[5]),
    y: Number(match[6]),
  }));
}

describe('POST /v1/contracts', () => {
  it('refuses a forged PDF, a %PDF header over garbage and a 25,000,001-byte file, storing nothing', async () => {
    const { owner, creator } = await setup();
    const fields = {
      title: 'Forged',
      type: 'signature_request',
      recipient: creator.id,
      recipient_type: 'creator',
      expiration_date: '2099-01-01',
      formFields: JSON.stringify([block(1, 1)]),
    };
    const forged = await postContract(ctx.app, owner.headers, fields, {
      name: 'real.pdf',
      bytes: Buffer.from('MZ\x90\x00 this is an executable'),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ field: 'file', message: contractMessages.badPdf });
    const garbage = await postContract(ctx.app, owner.headers, fields, {
      name: 'garbage.pdf',
      bytes: Buffer.from('%PDF-1.7\n' + 'x'.repeat(5000)),
    });
    expect(garbage.json()).toMatchObject({ field: 'file', message: contractMessages.unreadablePdf });
    const pdf = await twoPagePdf();
    const big = Buffer.concat([pdf, Buffer.alloc(25_000_001 - pdf.length, 0x20)]);
    const tooBig = await postContract(ctx.app, owner.headers, fields, { name: 'big.pdf', bytes: big });
    expect(tooBig.json()).toMatchObject({ field: 'file', message: contractMessages.badPdf });
    expect((await get('/v1/contracts', owner.headers)).json().data).toEqual([]);
  });

  it('validates the fields with their messages', async () => {
    const { owner, creator } = await setup();
    const pdf = { name: 'a.pdf', bytes: await twoPagePdf() };
    const base = { title: 'T', type: 'signature_request', recipient: creator.id, recipient_type: 'creator', expiration_date: '2099-01-01' };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...base, title: ' ' }, 'title', 'This field is required'],
      [{ ...base, recipient: 'nope' }, 'recipient', 'Choose a recipient'],
      [{ ...base, expiration_date: '31/12/2099' }, 'expiration_date', 'Enter a date as YYYY-MM-DD'],
      [{ ...base, formFields: '[{' }, 'formFields', 'formFields must be a JSON array of signature fields'],
      [{ ...base, formFields: JSON.stringify([{ ...block(1, 1), x: 600 }]) }, 'formFields.0.x', 'Must be at most 532'],
      [{ ...base, formFields: '[]' }, 'formFields', contractMessages.missingBlocks],
      [{ ...base, formFields: JSON.stringify([block(1, 3)]) }, 'formFields', contractMessages.blockOutside],
    ];
    for (const [fields, field, message] of cases) {
      const response = await postContract(ctx.app, owner.headers, fields, pdf);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json(), JSON.stringify(fields)).toMatchObject({ field, message });
    }
  });

  it('stores an already-signed plain file as Signed, with no signing flow', async () => {
    const { owner, creator } = await setup();
    const response = await postContract(
      ctx.app,
      owner.headers,
      { title: 'Signed on paper', type: 'plain_file', recipient: creator.id, recipient_type: 'creator', expiration_date: '2099-01-01' },
      { name: 'scan.pdf', bytes: await twoPagePdf() },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ type: 'plain_file', display_status: 'Signed', preview_state: 'ready', formFields: [] });
    expect((await readOutbox(ctx.app)).filter((email) => email.to === creator.email && email.subject.includes('to sign'))).toHaveLength(0);
  });

  it('refuses a delinquent organisation, and charges the contract fee through the ledger', async () => {
    const { owner, creator } = await setup();
    await ctx.deps.db.update(orgs).set({ billing_status: 'delinquent' }).where(eq(orgs.id, owner.org.id));
    const refused = await postContract(
      ctx.app,
      owner.headers,
      { title: 'T', type: 'signature_request', recipient: creator.id, expiration_date: '2099-01-01' },
      { name: 'a.pdf', bytes: await twoPagePdf() },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(contractMessages.delinquent);
    await ctx.deps.db.update(orgs).set({ billing_status: 'active' }).where(eq(orgs.id, owner.org.id));

    await ensureFeeSchedules(ctx.deps.db, owner.org.id);
    await ctx.deps.db
      .update(feeSchedules)
      .set({ flat_rate: 150 })
      .where(and(eq(feeSchedules.org_id, owner.org.id), eq(feeSchedules.type, 'contract')));
    const accounts = await ensureLedgerAccounts(ctx.deps.db, owner.org.id);
    await postTransfer(ctx.deps.db, {
      org_id: owner.org.id,
      key: 'test-funding',
      type: 'test_funding',
      entries: [
        { account_id: accounts.outside_bank.id, amount: -200 },
        { account_id: accounts.wallet_available.id, amount: 200 },
      ],
    });
    await sendContract(ctx.app, owner.headers, creator.id);
    expect(await findBalances(ctx.deps.db, owner.org.id, ['wallet_available', 'fees'])).toMatchObject({ wallet_available: 50, fees: 150 });
    const unpaid = await postContract(
      ctx.app,
      owner.headers,
      {
        title: 'T',
        type: 'signature_request',
        recipient: creator.id,
        expiration_date: '2099-01-01',
        formFields: JSON.stringify([block(1, 1)]),
      },
      { name: 'a.pdf', bytes: await twoPagePdf() },
    );
    expect(unpaid.statusCode).toBe(409);
    expect((await get('/v1/contracts', owner.headers)).json().data).toHaveLength(1);
  });
});

describe('the signing journey', () => {
  it('sends, emails an expiring link, signs once, stamps inside the blocks, appends the audit page and records both hashes', async () => {
    const { owner, creator } = await setup();
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    // Inline jobs: the provider call has prepared the document when the request returns.
    const detail = (await get(`/v1/contracts/${contract.id}`, owner.headers)).json();
    expect(detail).toMatchObject({
      display_status: 'Sent',
      preview_state: 'ready',
      recipient: 'Casey Creator',
      formFields: [block(1, 1), block(2, 2, 300, 400)],
    });
    expect(detail.signature_request_id).toMatch(/^[0-9a-f]{32}$/);
    const linkId = await latestLinkId(ctx.app, creator.email, '/sign/');
    const [link] = await ctx.deps.db.select().from(expiringLinks).where(eq(expiringLinks.type, 'contract_signing'));
    expect(link!.expires_at.toISOString()).toBe('2100-01-01T00:00:00.000Z');

    const view = await get(`/v1/contract_signing/${linkId}`);
    expect(view.json()).toMatchObject({ title: 'Creator agreement', signer_name: 'Casey Creator', state: 'ready' });
    const original = (await get(`/v1/contract_signing/${linkId}/document`)).rawPayload;

    expect((await sign(linkId, { consent: false })).json()).toMatchObject({ field: 'consent', message: contractMessages.consentRequired });
    const signed = await sign(linkId);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().state).toBe('signed');
    const again = await sign(linkId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(contractMessages.alreadySigned);

    const after = (await get(`/v1/contracts/${contract.id}`, owner.headers)).json();
    expect(after).toMatchObject({ display_status: 'Signed', status: 'succeeded', has_signed_file: true });
    expect(after.signature_date).not.toBeNull();

    const file = await get(`/v1/contracts/${contract.id}/file?version=signed`, owner.headers);
    expect(file.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(file.rawPayload);
    expect(document.getPageCount()).toBe(3);
    // Page 1 (612x792): the block at (100, 600) from the top is y 176..192 from the bottom.
    const first = textPositions(document.getPage(0)).at(-1)!;
    expect(first.x).toBeGreaterThanOrEqual(100);
    expect(first.x).toBeLessThan(180);
    expect(first.y).toBeGreaterThanOrEqual(176);
    expect(first.y).toBeLessThanOrEqual(192);
    // Page 2 is A4: the block scales to x 291.8..369.6, y 399.7..416.7.
    const second = textPositions(document.getPage(1)).at(-1)!;
    expect(second.x).toBeGreaterThanOrEqual(291.7);
    expect(second.x).toBeLessThan(369.6);
    expect(second.y).toBeGreaterThanOrEqual(399.6);
    expect(second.y).toBeLessThanOrEqual(416.8);

    const [row] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row!.original_sha256).toBe(sha256(original));
    expect(row!.signed_sha256).toBe(sha256(file.rawPayload));
    expect(row!.audit).toMatchObject({
      signer_name: 'Casey Creator',
      signer_email: creator.email,
      ip: '203.0.113.7',
      user_agent: 'Vitest Browser/1.0',
      original_sha256: sha256(original),
    });

    const emails = await readOutbox(ctx.app);
    expect(emails.some((email) => email.to === owner.user.email && email.subject === '"Creator agreement" has been signed')).toBe(true);
    expect(emails.some((email) => email.to === creator.email && email.subject === 'Your signed copy of "Creator agreement"')).toBe(true);
    const copyLink = await latestLinkId(ctx.app, creator.email, '/sign/');
    expect(sha256((await get(`/v1/contract_signing/${copyLink}/document`)).rawPayload)).toBe(row!.signed_sha256);
  });

  it('refuses expired links and invalidated contracts; reminders and invalidation only while Sent', async () => {
    const { owner, creator } = await setup();
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    const linkId = await latestLinkId(ctx.app, creator.email, '/sign/');
    const remind = (ids: string, reminder_type = 'email') =>
      ctx.app.inject({ method: 'POST', url: '/v1/contracts/reminders', headers: owner.headers, payload: { reminder_type, ids } });
    expect((await remind(contract.id)).json()).toEqual({ message: contractMessages.remindersSent, count: 1 });
    expect((await remind(contract.id, 'sms')).statusCode).toBe(400);
    const invalidated = await ctx.app.inject({ method: 'PUT', url: `/v1/contracts/${contract.id}/invalidate`, headers: owner.headers });
    expect(invalidated.json().display_status).toBe('Invalid');
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/v1/contracts/${contract.id}/invalidate`, headers: owner.headers })).json().message,
    ).toBe(contractMessages.invalidateFailed);
    expect((await remind(contract.id)).json().message).toBe(contractMessages.notSent);
    const refused = await sign(linkId);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(contractMessages.invalidated);
    expect((await get(`/v1/contracts/${contract.id}/file`, owner.headers)).statusCode).toBe(409);

    const other = await sendContract(ctx.app, owner.headers, creator.id);
    const otherLink = await latestLinkId(ctx.app, creator.email, '/sign/');
    await ctx.deps.db
      .update(expiringLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(expiringLinks.type, 'contract_signing'));
    const expired = await sign(otherLink);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('Sorry! This link is no longer valid.');
    expect((await get(`/v1/contracts/${other.id}`, owner.headers)).json().display_status).toBe('Sent');
  });

  it('takes the signed event through POST /v1/webhooks/crewpay-esign: a bad signature refused, a replay changes nothing', async () => {
    const { owner, creator } = await setup();
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    const linkId = await latestLinkId(ctx.app, creator.email, '/sign/');
    expect((await sign(linkId)).statusCode).toBe(200);
    const [row] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, contract.id));
    const forged = JSON.stringify({
      events: [
        {
          id: 'evt_forged',
          type: 'signature_request.signed',
          org_id: owner.org.id,
          object_id: row!.signature_request_id,
          data: { signed_key: 'x' },
        },
      ],
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/v1/webhooks/crewpay-esign',
      headers: { 'content-type': 'application/json', 'crewpay-signature': 't=1,v1=00' },
      payload: forged,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Invalid signature');
    const { esignProvider } = await import('../../providers/esign/index.ts');
    const { signEsignWebhook } = await import('../../providers/esign/webhook.ts');
    expect(esignProvider(ctx.deps).name).toBe('crewpay');
    const secret = `whsec_${ctx.deps.secrets.deriveKey('crewpay-esign-webhooks')}`;
    const replay = JSON.stringify({
      events: [
        {
          id: 'evt_second',
          type: 'signature_request.signed',
          org_id: owner.org.id,
          object_id: row!.signature_request_id,
          data: { signed_key: 'esign/other', signed_sha256: 'f'.repeat(64), signed_at: '2030-01-01T00:00:00.000Z' },
        },
      ],
    });
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/v1/webhooks/crewpay-esign',
      headers: { 'content-type': 'application/json', ...signEsignWebhook(secret, replay) },
      payload: replay,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [after] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(after!.signed_key).toBe(row!.signed_key);
    expect(after!.signature_date).toEqual(row!.signature_date);
  });

  it('answers the preview as PENDING while the document is being prepared, then the PDF', async () => {
    const { owner, creator } = await setup();
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    await ctx.deps.db.update(contracts).set({ preview_state: 'pending' }).where(eq(contracts.id, contract.id));
    expect((await get(`/v1/contracts/preview?contractId=${contract.id}`, owner.headers)).json()).toEqual({ state: 'PENDING', file: null });
    await ctx.deps.db.update(contracts).set({ preview_state: 'ready' }).where(eq(contracts.id, contract.id));
    const ready = (await get(`/v1/contracts/preview?contractId=${contract.id}`, owner.headers)).json();
    expect(ready.state).toBe('READY');
    expect(Buffer.from(ready.file, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('access', () => {
  it('lets every staff role in, keeps external users and other organisations out', async () => {
    const { owner, creator } = await setup();
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    for (const role of ['admin', 'collaborator'] as const) {
      const member = await createMember(ctx.deps, owner.org.id, role);
      expect((await get(`/v1/contracts/${contract.id}`, member.headers)).statusCode).toBe(200);
    }
    const external = await createMember(ctx.deps, owner.org.id, 'creator');
    expect((await get('/v1/contracts', external.headers)).statusCode).toBe(403);
    expect((await get(`/v1/contracts/${contract.id}`)).statusCode).toBe(401);
    // The external user sees only contracts whose recipient is theirs: none.
    expect((await get('/v1/creator/contracts', external.headers)).json().data).toEqual([]);

    const theirs = await createOwner(ctx.app);
    expect((await get(`/v1/contracts/${contract.id}`, theirs.headers)).statusCode).toBe(404);
    expect((await get(`/v1/contracts/${contract.id}/file`, theirs.headers)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/v1/contracts/${contract.id}/invalidate`, headers: theirs.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/v1/contracts/reminders',
          headers: theirs.headers,
          payload: { reminder_type: 'email', ids: contract.id },
        })
      ).statusCode,
    ).toBe(404);
    const mine = await postContract(
      ctx.app,
      theirs.headers,
      {
        title: 'T',
        type: 'signature_request',
        recipient: creator.id,
        expiration_date: '2099-01-01',
        formFields: JSON.stringify([block(1, 1)]),
      },
      { name: 'a.pdf', bytes: await twoPagePdf() },
    );
    expect(mine.json()).toMatchObject({ field: 'recipient', message: contractMessages.recipientNotFound });
    const campaign = await addCampaign(ctx.app, owner.headers);
    const theirCreator = await addCreator(ctx.app, theirs.headers);
    const onCampaign = await postContract(
      ctx.app,
      theirs.headers,
      {
        title: 'T',
        type: 'signature_request',
        recipient: theirCreator.id,
        payment_group_id: campaign.id,
        expiration_date: '2099-01-01',
        formFields: JSON.stringify([block(1, 1)]),
      },
      { name: 'a.pdf', bytes: await twoPagePdf() },
    );
    expect(onCampaign.statusCode).toBe(404);
    expect((await get(`/v1/contracts?creator_id=${creator.id}`, theirs.headers)).json().data).toEqual([]);
  });

  it('sends campaign contracts to a customer and filters the list by campaign, recipient and status', async () => {
    const { owner } = await setup();
    const customer = await addCustomer(ctx.app, owner.headers);
    const campaign = await addCampaign(ctx.app, owner.headers);
    const response = await postContract(
      ctx.app,
      owner.headers,
      {
        title: 'Campaign contract',
        type: 'signature_request',
        recipient: customer.id,
        recipient_type: 'customer',
        payment_group_id: campaign.id,
        expiration_date: '2099-01-01',
        formFields: JSON.stringify([block(1, 1)]),
      },
      { name: 'a.pdf', bytes: await twoPagePdf() },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await get(`/v1/contracts?payment_group_id=${campaign.id}`, owner.headers)).json().data).toHaveLength(1);
    expect((await get(`/v1/contracts?customer_id=${customer.id}&status=Sent`, owner.headers)).json().data).toHaveLength(1);
    expect((await get(`/v1/contracts?customer_id=${customer.id}&status=Signed`, owner.headers)).json().data).toHaveLength(0);
  });
});

describe('contract templates', () => {
  it('starts a draft, saves it with blocks once, and creates contracts from it; one per organisation', async () => {
    const { owner, creator } = await setup();
    const { contractMultipart } = await import('../../../test/contract-fixtures.ts');
    const embed = async (headers: Headers) => {
      const body = contractMultipart({ title: 'Standard agreement' }, { name: 'standard.pdf', bytes: await twoPagePdf() });
      return ctx.app.inject({
        method: 'POST',
        url: '/v1/contract_templates/embedded',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const started = (await embed(owner.headers)).json();
    expect(started.edit_url).toBe(`/contracts/templates/${started.template_id}/edit`);
    const save = (template_id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/contract_templates',
        headers: owner.headers,
        payload: { template_id, title: 'Standard agreement', formFields: [block(1, 2)] },
      });
    const saved = await save(started.template_id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get('/v1/contract_templates', owner.headers)).json().data).toHaveLength(1);
    expect((await embed(owner.headers)).json().message).toBe(contractMessages.templateExists);

    const contract = await postContract(ctx.app, owner.headers, {
      title: 'From template',
      type: 'signature_request',
      recipient: creator.id,
      expiration_date: '2099-01-01',
      template_id: saved.json().id,
    });
    expect(contract.statusCode, contract.body).toBe(200);
    expect(contract.json()).toMatchObject({ file_name: 'standard.pdf', formFields: [block(1, 2)], display_status: 'Sent' });

    const theirs = await createOwner(ctx.app);
    expect((await get(`/v1/contract_templates/${saved.json().id}`, theirs.headers)).statusCode).toBe(404);
    const theirCreator = await addCreator(ctx.app, theirs.headers);
    const stolen = await postContract(ctx.app, theirs.headers, {
      title: 'T',
      type: 'signature_request',
      recipient: theirCreator.id,
      expiration_date: '2099-01-01',
      template_id: saved.json().id,
    });
    expect(stolen.statusCode).toBe(404);
  });
});
