import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractMessages, pdfLimitMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, latestLinkId } from '../../../test/fixtures.ts';
import { block, contractMultipart, postContract, sendContract } from '../../../test/contract-fixtures.ts';
import { blankPngDataUrl, pdfBomb, pdfWithObjects, pdfWithPages } from '../../../test/pdf-fixtures.ts';
import { fileStorage } from '../../providers/storage/index.ts';

let ctx: TestContext;
/** 600 MB of spaces in a 0.6 MB file: read on the main thread, it stopped the server for seconds. */
let bomb: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-pdf-limits-test-')) });
  bomb = await pdfBomb(600);
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while asking `ask` over and over; answers its result, how many answers came while
 * it ran and the longest the server went without answering (a blocked event loop shows as a gap).
 */
async function whileAsking<T>(work: Promise<T>, ask: () => Promise<{ statusCode: number }>) {
  let isDone = false;
  const result = work.finally(() => {
    isDone = true;
  });
  let last = performance.now();
  let longestGapMs = 0;
  let answers = 0;
  const answer = async () => {
    expect((await ask()).statusCode).toBe(200);
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  };
  while (!isDone) {
    await answer();
    answers += 1;
    await sleep(20);
  }
  // The last stretch: a block that ended with the work shows in this answer's wait.
  await answer();
  return { response: await result, answers, longestGapMs };
}

async function setup() {
  const owner = await createOwner(ctx.app);
  const creator = await addCreator(ctx.app, owner.headers);
  const fields = {
    title: 'Bomb',
    type: 'signature_request',
    recipient: creator.id,
    recipient_type: 'creator',
    expiration_date: '2099-01-01',
    formFields: JSON.stringify([block(1, 1)]),
  };
  return { owner, creator, fields };
}

const embedTemplate = (headers: Headers, bytes: Buffer) => {
  const body = contractMultipart({ title: 'Standard agreement' }, { name: 'standard.pdf', bytes });
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/contract_templates/embedded',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('POST /v1/contracts and /v1/contract_templates/embedded: PDF limits', () => {
  it('refuses a PDF whose object stream inflates to 600 MB, answering other requests meanwhile', async () => {
    const { owner, fields } = await setup();
    const started = performance.now();
    const upload = await whileAsking(postContract(ctx.app, owner.headers, fields, { name: 'bomb.pdf', bytes: bomb }), () =>
      get('/v1/contracts', owner.headers),
    );
    expect(upload.answers).toBeGreaterThan(0);
    expect(upload.longestGapMs).toBeLessThan(2000);
    expect(upload.response.statusCode).toBe(400);
    expect(upload.response.json()).toMatchObject({ field: 'file', message: pdfLimitMessages.inflated });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await get('/v1/contracts', owner.headers)).json().data).toEqual([]);

    const template = await whileAsking(embedTemplate(owner.headers, bomb), () => get('/health'));
    expect(template.longestGapMs).toBeLessThan(2000);
    expect(template.response.statusCode).toBe(400);
    expect(template.response.json()).toMatchObject({ field: 'file', message: pdfLimitMessages.inflated });
  });

  it('refuses more than 1,000 pages and more than 100,000 objects, naming the limit', async () => {
    const { owner, fields } = await setup();
    const pages = await postContract(ctx.app, owner.headers, fields, { name: 'long.pdf', bytes: await pdfWithPages(1001) });
    expect(pages.json()).toMatchObject({ field: 'file', message: pdfLimitMessages.pages });
    const objects = await embedTemplate(owner.headers, pdfWithObjects(100_001));
    expect(objects.json()).toMatchObject({ field: 'file', message: pdfLimitMessages.objects });
    // At the limits themselves the files are read (a plain file: one parse, no signing to prepare).
    const thousand = await postContract(
      ctx.app,
      owner.headers,
      { ...fields, type: 'plain_file', formFields: '[]' },
      { name: 'ok.pdf', bytes: await pdfWithPages(1000) },
    );
    expect(thousand.statusCode, thousand.body).toBe(200);
    expect((await embedTemplate(owner.headers, pdfWithObjects(99_000))).statusCode).toBe(200);
  });

  it('keeps the page count of the one parse: the template saves and its contracts are checked without reading it again', async () => {
    const { owner, creator } = await setup();
    const started = (await embedTemplate(owner.headers, await pdfWithPages(3))).json<{ template_id: string }>();
    const save = (formFields: unknown[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/contract_templates',
        headers: owner.headers,
        payload: { template_id: started.template_id, title: 'Three pages', formFields },
      });
    expect((await save([block(1, 4)])).json().message).toBe(contractMessages.blockOutside);
    const saved = await save([block(1, 3)]);
    expect(saved.statusCode, saved.body).toBe(200);
    const fields = {
      title: 'From template',
      type: 'signature_request',
      recipient: creator.id,
      expiration_date: '2099-01-01',
      template_id: saved.json().id,
    };
    const outside = await postContract(ctx.app, owner.headers, { ...fields, formFields: JSON.stringify([block(1, 4)]) });
    expect(outside.json()).toMatchObject({ field: 'formFields', message: contractMessages.blockOutside });
    expect((await postContract(ctx.app, owner.headers, fields)).statusCode).toBe(200);
  });
});

describe('POST /v1/contract_signing/:linkId: drawn signatures', () => {
  it('stamps a drawn signature, refusing an image of more than 4,000,000 pixels or a second IHDR', async () => {
    const { owner, creator } = await setup();
    await sendContract(ctx.app, owner.headers, creator.id);
    const linkId = await latestLinkId(ctx.app, creator.email, '/sign/');
    const sign = (signature_image: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/v1/contract_signing/${linkId}`,
        payload: { signer_name: 'Casey Creator', signature_type: 'drawn', signature_image, consent: true },
      });
    const huge = await sign(blankPngDataUrl(2001, 2000));
    expect(huge.json()).toMatchObject({ field: 'signature_image', message: contractMessages.signatureRequired });
    const small = Buffer.from(blankPngDataUrl(600, 200).split(',')[1]!, 'base64');
    // A second IHDR after the first would give the decoder other dimensions than the ones checked.
    const resized = Buffer.concat([small.subarray(0, 33), small.subarray(8, 33), small.subarray(33)]);
    expect((await sign(`data:image/png;base64,${resized.toString('base64')}`)).json().message).toBe(contractMessages.signatureRequired);
    const signed = await sign(blankPngDataUrl(600, 200));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().state).toBe('signed');
  });
});

describe('POST /v1/contract_signing/:linkId: stamping', () => {
  it('stamps off the main thread: a stored bomb (uploaded before the limits) is refused while others are answered', async () => {
    const { owner, creator } = await setup();
    const contract = await sendContract(ctx.app, owner.headers, creator.id);
    const { signature_request_id } = (await get(`/v1/contracts/${contract.id}`, owner.headers)).json<{ signature_request_id: string }>();
    await fileStorage(ctx.deps).put(`esign/${signature_request_id}/original`, bomb);
    const linkId = await latestLinkId(ctx.app, creator.email, '/sign/');
    const signing = ctx.app.inject({
      method: 'POST',
      url: `/v1/contract_signing/${linkId}`,
      payload: { signer_name: 'Casey Creator', signature_type: 'typed', consent: true },
    });
    const signed = await whileAsking(signing, () => get('/health'));
    expect(signed.longestGapMs).toBeLessThan(2000);
    expect(signed.response.statusCode).toBe(409);
    expect(signed.response.json().message).toBe(pdfLimitMessages.inflated);
    expect((await get(`/v1/contract_signing/${linkId}`)).json().state).toBe('ready');
  });
});
