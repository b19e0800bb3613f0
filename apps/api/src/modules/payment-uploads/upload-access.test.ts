import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PAYMENT_UPLOAD_BYTES,
  MAX_PAYMENT_UPLOAD_ROWS,
  apiKeyMessages,
  loginAsMessages,
  paymentUploadMessages,
  twoFactorMessages,
  type ApiKeyScope,
} from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { addCreator, multipartFile } from '../../../test/fixtures.ts';
import { BANK, fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { enrolTotp, staleFactor } from '../../../test/two-factor-fixtures.ts';
import { sandboxNow } from '../../lib/clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const URLS = { preview: '/v1/payments/upload/preview', commit: '/v1/payments/upload' } as const;
const uploadFile = (url: string, headers: Headers, file: { type: string; content: string | Buffer }) => {
  const form = multipartFile({ filename: 'payments.csv', ...file });
  return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
};
const uploadCsv = (url: string, headers: Headers, csv: string) => uploadFile(url, headers, { type: 'text/csv', content: csv });
const draftsOf = async (orgId: string) =>
  (await ctx.deps.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM payments WHERE org_id = ${orgId}`)).rows[0]!.count;
const tomorrow = async () => new Date((await sandboxNow(ctx.deps.db)).getTime() + 86_400_000).toISOString().slice(0, 10);

async function apiKey(headers: Headers, scopes: ApiKeyScope[]): Promise<Headers> {
  const response = await inject('POST', '/v1/org_api_token', headers, { scopes });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json<{ key: string }>().key}` };
}

describe('payments CSV upload: who may call it', () => {
  it('is for those who create payments: owners, admins, collaborators; never creators or strangers', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const csv = `recipient,amount,memo\n${creator.email},10,May`;
    const callers: [string, Headers, number][] = [
      ['owner', owner.headers, 200],
      ['admin', (await createMember(ctx.deps, owner.org.id, 'admin')).headers, 200],
      ['collaborator', (await createMember(ctx.deps, owner.org.id, 'collaborator')).headers, 200],
      ['creator', (await createMember(ctx.deps, owner.org.id, 'creator')).headers, 403],
      ['nobody', {}, 401],
    ];
    for (const [who, headers, status] of callers) {
      expect((await uploadCsv(URLS.preview, headers, csv)).statusCode, `${who} previews`).toBe(status);
      expect((await uploadCsv(URLS.commit, headers, csv)).statusCode, `${who} uploads`).toBe(status);
    }
    expect(await draftsOf(owner.org.id)).toBe(3);
  });

  it('leaves scheduling to owners and admins signed in as themselves: others get a row error on execute_on', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const csv = `recipient,amount,execute_on\n${creator.email},10,${await tomorrow()}`;
    const collaborator = await createMember(ctx.deps, owner.org.id, 'collaborator');
    const errorOf = async (headers: Headers) => (await uploadCsv(URLS.preview, headers, csv)).json().errors;
    expect(await errorOf(collaborator.headers)).toEqual([{ row: 2, column: 'execute_on', message: paymentUploadMessages.scheduleRole }]);
    const key = await apiKey(owner.headers, ['read', 'payments:write']);
    expect(await errorOf(key)).toEqual([{ row: 2, column: 'execute_on', message: apiKeyMessages.notForKeys }]);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    expect(await errorOf(admin.headers)).toEqual([]);
    // The owner acting as the admin (login-as): the admin's role, but not the admin's own word.
    const acting = await inject('POST', '/v1/users/loginas', owner.headers, { user_id: admin.user.id });
    expect(acting.statusCode, acting.body).toBe(200);
    expect(await errorOf(owner.headers)).toEqual([{ row: 2, column: 'execute_on', message: loginAsMessages.noApproving }]);
  });

  it('asks a fresh second factor of a file that schedules payments, not of one that only drafts them (issue 40)', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    await enrolTotp(ctx.app, owner.headers);
    await staleFactor(ctx.app, owner.user.id);
    const scheduling = await uploadCsv(URLS.commit, owner.headers, `recipient,amount,execute_on\n${creator.email},10,${await tomorrow()}`);
    expect(scheduling.statusCode).toBe(403);
    expect(scheduling.json()).toMatchObject({ message: twoFactorMessages.freshFactor, fresh_factor_required: true });
    expect(await draftsOf(owner.org.id)).toBe(0);
    expect((await uploadCsv(URLS.commit, owner.headers, `recipient,amount\n${creator.email},10`)).json()).toMatchObject({ created: 1 });
  });

  it('opens to API keys as api-key-rules opens /v1/payments: payments:write creates, read does not', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const csv = `recipient,amount\n${creator.id},10`;
    const writer = await apiKey(owner.headers, ['read', 'payments:write']);
    const reader = await apiKey(owner.headers, ['read']);
    expect((await uploadCsv(URLS.preview, writer, csv)).json()).toMatchObject({ valid: 1, errors: [] });
    expect((await uploadCsv(URLS.commit, writer, csv)).json()).toMatchObject({ created: 1 });
    const refused = await uploadCsv(URLS.commit, reader, csv);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(apiKeyMessages.missingScope('payments:write'));
    expect(await draftsOf(owner.org.id)).toBe(1);
  });
});

describe('payments CSV upload: bad files', () => {
  it('answers every bad file with a 400 and a message, and writes nothing', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const row = `${creator.email},10,May\n`;
    const tooLarge = `recipient,amount,memo\n${row.repeat(Math.ceil(MAX_PAYMENT_UPLOAD_BYTES / row.length) + 1)}`;
    const tooMany = `recipient,amount,memo\n${row.repeat(MAX_PAYMENT_UPLOAD_ROWS + 1)}`;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const cases: [string, () => ReturnType<typeof uploadCsv>, string][] = [
      [
        'a PDF',
        () => uploadFile(URLS.commit, owner.headers, { type: 'application/pdf', content: '%PDF-1.4' }),
        paymentUploadMessages.notCsv,
      ],
      [
        'a PNG called text/csv',
        () => uploadFile(URLS.commit, owner.headers, { type: 'text/csv', content: png }),
        paymentUploadMessages.notCsv,
      ],
      [
        'NUL bytes',
        () => uploadCsv(URLS.commit, owner.headers, `recipient,amount\n${creator.email},1\u00000`),
        paymentUploadMessages.notCsv,
      ],
      [
        'invalid UTF-8',
        () => uploadFile(URLS.commit, owner.headers, { type: 'text/csv', content: Buffer.from([0x72, 0xff, 0xfe]) }),
        paymentUploadMessages.notCsv,
      ],
      ['10 MB and more', () => uploadCsv(URLS.commit, owner.headers, tooLarge), paymentUploadMessages.tooLarge],
      [
        '10 MB and more as a text/csv body',
        () =>
          ctx.app.inject({
            method: 'POST',
            url: URLS.commit,
            headers: { ...owner.headers, 'content-type': 'text/csv' },
            payload: tooLarge,
          }),
        paymentUploadMessages.tooLarge,
      ],
      ['too many rows', () => uploadCsv(URLS.commit, owner.headers, tooMany), paymentUploadMessages.tooManyRows],
      [
        'no recipient column',
        () => uploadCsv(URLS.commit, owner.headers, 'email,amount\na@b.co,1'),
        paymentUploadMessages.noRecipientColumn,
      ],
      ['a header alone', () => uploadCsv(URLS.commit, owner.headers, 'recipient,amount\n'), paymentUploadMessages.noRows],
      ['an empty file', () => uploadCsv(URLS.preview, owner.headers, ''), paymentUploadMessages.noRecipientColumn],
      ['JSON', () => inject('POST', URLS.commit, owner.headers, [{ recipient: creator.id }]), paymentUploadMessages.notCsv],
      [
        'plain text',
        () =>
          ctx.app.inject({
            method: 'POST',
            url: URLS.preview,
            headers: { ...owner.headers, 'content-type': 'text/plain' },
            payload: 'recipient',
          }),
        paymentUploadMessages.notCsv,
      ],
      ['no body', () => ctx.app.inject({ method: 'POST', url: URLS.preview, headers: owner.headers }), paymentUploadMessages.notCsv],
    ];
    for (const [what, send, message] of cases) {
      const response = await send();
      expect([response.statusCode, response.json().message], what).toEqual([400, message]);
    }
    expect(await draftsOf(owner.org.id)).toBe(0);
  });

  it('reads quoted cells and line breaks with a real CSV parser, and counts rows as the file shows them', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const csv = `\uFEFFrecipient,amount,memo\n\n${creator.email},"1,000",ok\n"${creator.email}",10,"two\nlines here"\n`;
    const preview = await uploadCsv(URLS.preview, owner.headers, csv);
    expect(preview.json()).toMatchObject({ total: 2, valid: 1, errors: [{ row: 4, column: 'memo' }] });
  });
});
