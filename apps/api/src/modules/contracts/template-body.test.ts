import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { block, contractMultipart, postContract, twoPagePdf } from '../../../test/contract-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-template-body-test-')) });
});

type Headers = Record<string, string>;

async function startDraft(headers: Headers): Promise<string> {
  const body = contractMultipart({ title: 'Standard agreement' }, { name: 'standard.pdf', bytes: await twoPagePdf() });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/v1/contract_templates/embedded',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return response.json<{ template_id: string }>().template_id;
}
const saveTemplate = (headers: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/v1/contract_templates', headers, payload });

/** Document 001: "POST /v1/contract_templates with template_id and title". */
describe('POST /v1/contract_templates', () => {
  it("takes the spec's body, template_id and title, with the template's own (no) blocks as the default", async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const templateId = await startDraft(owner.headers);
    const saved = await saveTemplate(owner.headers, { template_id: templateId, title: 'Standard agreement' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Standard agreement', state: 'ready', hellosign_template_id: templateId, formFields: [] });

    // A contract from a template without blocks brings its own, as the contract form places them.
    const fields = { title: 'From template', type: 'signature_request', recipient: creator.id, expiration_date: '2099-01-01' };
    const bare = await postContract(ctx.app, owner.headers, { ...fields, template_id: saved.json().id });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(contractMessages.missingBlocks);
    const placed = await postContract(ctx.app, owner.headers, {
      ...fields,
      template_id: saved.json().id,
      formFields: JSON.stringify([block(1, 1)]),
    });
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it('keeps the blocks the editor sends, and refuses an empty list or a missing title with their messages', async () => {
    const owner = await createOwner(ctx.app);
    const templateId = await startDraft(owner.headers);
    const empty = await saveTemplate(owner.headers, { template_id: templateId, title: 'Standard agreement', formFields: [] });
    expect(empty.json()).toMatchObject({ field: 'formFields', message: contractMessages.missingBlocks });
    const untitled = await saveTemplate(owner.headers, { template_id: templateId, title: ' ' });
    expect(untitled.json()).toMatchObject({ field: 'title', message: 'This field is required' });
    const saved = await saveTemplate(owner.headers, { template_id: templateId, title: 'Standard agreement', formFields: [block(1, 2)] });
    expect(saved.json().formFields).toEqual([block(1, 2)]);
    const again = await saveTemplate(owner.headers, { template_id: templateId, title: 'Standard agreement' });
    expect(again.json().message).toBe(contractMessages.templateExists);
  });

  it("answers the spec's not-found message for another organisation's draft", async () => {
    const owner = await createOwner(ctx.app);
    const other = await createOwner(ctx.app);
    const templateId = await startDraft(owner.headers);
    const response = await saveTemplate(other.headers, { template_id: templateId, title: 'Mine now' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(contractMessages.templateNotFound);
  });
});
