import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, latestLinkId, readOutbox } from '../../../test/fixtures.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { contracts } from '../../db/schema/index.ts';
import { postContract, sendContract, twoPagePdf } from '../../../test/contract-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-contract-home-')) });
});

type Headers = Record<string, string>;
type Todo = { todoType: string; id: string; org_id: string; title: string; amount: number | null; has_phone: boolean };
const dashboardTodos = async (headers: Headers): Promise<Todo[]> => {
  const response = await ctx.app.inject({ method: 'GET', url: '/v1/dashboard', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ todos: Todo[] }>().todos;
};
const contractTodos = async (headers: Headers) => (await dashboardTodos(headers)).filter((todo) => todo.todoType === 'Unsigned Contract');

describe("Home to-do 'Unsigned Contract'", () => {
  it('lists the sent contracts awaiting a signature, newest first, and drops them once signed or invalidated', async () => {
    const owner = await createOwner(ctx.app);
    const withPhone = await addCreator(ctx.app, owner.headers, { first_name: 'Pho', last_name: 'Ned', phone_number: '4155550134' });
    const plain = await addCreator(ctx.app, owner.headers, { first_name: 'Casey', last_name: 'Creator' });
    const campaign = await addCampaign(ctx.app, owner.headers);
    const first = await sendContract(ctx.app, owner.headers, withPhone.id, { title: 'Phone agreement' });
    const second = await sendContract(ctx.app, owner.headers, plain.id, { title: 'Email agreement' });
    const secondLink = await latestLinkId(ctx.app, plain.email, '/sign/');
    const third = await sendContract(ctx.app, owner.headers, campaign.customer_id, {
      title: 'Campaign agreement',
      recipient_type: 'customer',
      payment_group_id: campaign.id,
    });
    const invalidated = await sendContract(ctx.app, owner.headers, plain.id, { title: 'Dropped' });
    await ctx.app.inject({ method: 'PUT', url: `/v1/contracts/${invalidated.id}/invalidate`, headers: owner.headers });
    const paper = await postContract(
      ctx.app,
      owner.headers,
      { title: 'Paper', type: 'plain_file', recipient: plain.id, recipient_type: 'creator', expiration_date: '2099-01-01' },
      { name: 'paper.pdf', bytes: await twoPagePdf() },
    );
    expect(paper.statusCode).toBe(200);

    expect(await contractTodos(owner.headers)).toEqual([
      {
        todoType: 'Unsigned Contract',
        id: third.id,
        org_id: owner.org.id,
        title: 'Campaign agreement (Acme Brand)',
        amount: null,
        has_phone: false,
      },
      {
        todoType: 'Unsigned Contract',
        id: second.id,
        org_id: owner.org.id,
        title: 'Email agreement (Casey Creator)',
        amount: null,
        has_phone: false,
      },
      {
        todoType: 'Unsigned Contract',
        id: first.id,
        org_id: owner.org.id,
        title: 'Phone agreement (Pho Ned)',
        amount: null,
        has_phone: true,
      },
    ]);

    // Signing by the emailed link takes the contract off the list.
    const signed = await ctx.app.inject({
      method: 'POST',
      url: `/v1/contract_signing/${secondLink}`,
      payload: { signer_name: 'Casey Creator', signature_type: 'typed', consent: true },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await contractTodos(owner.headers)).map((todo) => todo.id)).toEqual([third.id, first.id]);

    // An expired contract is no longer a to-do: its link does not open any more.
    await ctx.deps.db.update(contracts).set({ expiration_date: '2001-01-01' }).where(eq(contracts.id, first.id));
    expect((await contractTodos(owner.headers)).map((todo) => todo.id)).toEqual([third.id]);

    // Another organisation's home never shows them.
    const theirs = await createOwner(ctx.app);
    expect(await contractTodos(theirs.headers)).toEqual([]);
  });

  it("sends the item's reminder by email or by SMS (a fresh signing link each), and refuses SMS when the recipient has no phone", async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, { phone_number: '4155550135' });
    await sendContract(ctx.app, owner.headers, creator.id, { title: 'Texted agreement' });
    const [todo] = await contractTodos(owner.headers);
    const emailsBefore = (await readOutbox(ctx.app)).filter((email) => email.to === creator.email).length;
    const remind = (reminder_type: string, ids = todo!.id) =>
      ctx.app.inject({ method: 'POST', url: '/v1/contracts/reminders', headers: owner.headers, payload: { reminder_type, ids } });
    const emailed = await remind('email');
    expect(emailed.statusCode, emailed.body).toBe(200);
    expect(emailed.json()).toMatchObject({ message: 'Reminder(s) have been sent!', count: 1 });
    const emails = (await readOutbox(ctx.app)).filter((email) => email.to === creator.email);
    expect(emails).toHaveLength(emailsBefore + 1);
    expect(emails.at(-1)!.links.some((url) => url.includes('/sign/'))).toBe(true);

    const texted = await remind('sms');
    expect(texted.statusCode, texted.body).toBe(200);
    expect(texted.json()).toMatchObject({ message: 'Reminder(s) have been sent!', count: 1 });
    const texts = await ctx.app.inject({ method: 'GET', url: '/dev/sms', headers: { ...operatorHeaders, accept: 'application/json' } });
    const text = texts.json<{ to: string; body: string; status: string }[]>()[0]!;
    expect(text).toMatchObject({ to: '+14155550135', status: 'sent' });
    expect(text.body).toMatch(
      /^Acme Creators: please review and sign "Texted agreement" by \d{4}-\d{2}-\d{2}\. Sign: http:\/\/crewpay\.test\/sign\//,
    );
    // The texted link signs the contract.
    const linkId = /\/sign\/(\S+)$/.exec(text.body)![1]!;
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/contract_signing/${linkId}` })).statusCode).toBe(200);

    const silent = await addCreator(ctx.app, owner.headers);
    const unreachable = await sendContract(ctx.app, owner.headers, silent.id);
    const refused = await remind('sms', unreachable.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('No recipient of these contracts has a phone number');
  });
});
