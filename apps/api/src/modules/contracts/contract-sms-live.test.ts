import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { sendContract } from '../../../test/contract-fixtures.ts';
import { startTwilioFake, type TwilioFake } from '../../../fakes/twilio-fake.ts';
import { smsMessages } from '../../db/schema/index.ts';

let ctx: TestContext;
let twilio: TwilioFake;
beforeAll(async () => {
  twilio = await startTwilioFake();
  ctx = await createTestContext({
    SANDBOX: 'false',
    ...twilio.settings,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-contract-sms-')),
  });
});

describe('POST /v1/contracts/reminders by SMS, live (Twilio fake)', () => {
  it("texts the recipient a fresh signing link through Twilio once, and the link opens the contract's signing page", async () => {
    const owner = await createOwner(ctx.app, { orgName: 'Northwind Studios' });
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Sam', last_name: 'Signer', phone_number: '512-555-0199' });
    await sendContract(ctx.app, owner.headers, creator.id, { title: 'Summer agreement' });
    const contractId = (await ctx.app.inject({ method: 'GET', url: '/v1/dashboard', headers: owner.headers })).json().todos[0].id;

    const reminded = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contracts/reminders',
      headers: owner.headers,
      payload: { reminder_type: 'sms', ids: contractId },
    });
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json()).toEqual({ message: 'Reminder(s) have been sent!', count: 1 });

    const accepted = twilio.state().messages.filter((message) => message.to === '+15125550199');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.body).toMatch(
      /^Northwind Studios: please review and sign "Summer agreement" by .+\. Sign: http:\/\/crewpay\.test\/sign\/\S+$/,
    );
    const [text] = await ctx.deps.db.select().from(smsMessages).where(eq(smsMessages.provider_id, accepted[0]!.sid));
    expect(text).toMatchObject({ org_id: owner.org.id, status: 'sent', transport: 'twilio' });
    for (const callback of twilio.takeCallbacks()) expect((await twilio.deliver(ctx.app, callback)).statusCode).toBe(200);
    expect((await ctx.deps.db.select().from(smsMessages).where(eq(smsMessages.id, text!.id)))[0]!.status).toBe('sent');

    const linkId = /\/sign\/(\S+)$/.exec(accepted[0]!.body)![1]!;
    const signing = await ctx.app.inject({ method: 'GET', url: `/v1/contract_signing/${linkId}` });
    expect(signing.statusCode, signing.body).toBe(200);
    expect(signing.json()).toMatchObject({ title: 'Summer agreement' });
  });
});
