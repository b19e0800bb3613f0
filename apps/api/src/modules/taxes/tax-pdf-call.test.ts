import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { fundedOwner } from '../../../test/payment-fixtures.ts';
import { payAndPost, readPdf, taxableCreator } from '../../../test/tax-fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const THIS_YEAR = new Date().getUTCFullYear();
const call = (headers: Record<string, string>, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/taxes', headers, payload: body });

describe("POST /api/taxes, document 001's call", () => {
  it('answers the PDF blob itself for a download, whatever the Accept header', async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const creator = await taxableCreator(ctx, owner.headers, { first_name: 'Pia', last_name: 'Pdf' });
    await payAndPost(ctx, owner.headers, creator.id, [250_000]);
    const response = await call(owner.headers, { year: THIS_YEAR, method: 'download', userIds: [creator.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type'], response.body).toBe('application/pdf');
    expect(response.headers['x-tax-run-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(readPdf(response.rawPayload, 'api-taxes').text).toContain('Pia Pdf');
  });

  it('answers the run for an email, and the spec messages for bad bodies and callers', async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const creator = await taxableCreator(ctx, owner.headers);
    const emailed = await call(owner.headers, { year: THIS_YEAR, method: 'email', userIds: [creator.id] });
    expect(emailed.statusCode, emailed.body).toBe(200);
    expect(emailed.headers['content-type']).toContain('application/json');
    expect(emailed.json()).toMatchObject({ status: 'succeeded', total: 1 });

    const invalid = await call(owner.headers, { year: THIS_YEAR, method: 'fax', userIds: [creator.id] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Method must be download or email');
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    const refused = await call(collaborator.headers, { year: THIS_YEAR, method: 'download', userIds: [creator.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to do that');
    expect((await call({}, { year: THIS_YEAR, method: 'download', userIds: [creator.id] })).statusCode).toBe(401);
  });
});
