import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { sandboxEvents } from '../../db/schema/index.ts';
import { advanceSandboxClock } from '../../lib/clock.ts';
import type { ProviderCallError } from '../contract.ts';
import { NIUM_TEST_MARKERS } from './nium-test-markers.ts';
import { createSandboxNiumPayouts } from './nium-sandbox.ts';
import type { NiumPayouts } from './nium-payouts.ts';
import type { BeneficiaryInput } from './types.ts';

let ctx: TestContext;
let nium: NiumPayouts;
let orgId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  nium = createSandboxNiumPayouts(ctx.deps);
  orgId = (await createOwner(ctx.app, { orgName: 'Acme Creators' })).org.id;
});

const gb = (name = 'Ada Lovelace'): BeneficiaryInput => ({
  org_id: orgId,
  payee_id: randomUUID(),
  account_holder_type: 'individual',
  country: 'GB',
  currency: 'GBP',
  method: 'bank_account',
  fields: { account_holder_name: name, sort_code: '12-34-56', account_number: '12345678' },
});
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ProviderCallError,
  );
/** The sandbox ACH delay is 60 s in tests: one status every 20 s. */
const advance = (seconds: number) => advanceSandboxClock(ctx.deps.db, seconds);

async function send(name?: string, quoteId?: string) {
  const payee = await nium.createBeneficiary(gb(name));
  const paymentId = randomUUID();
  const request = {
    org_id: orgId,
    payment_id: paymentId,
    idempotency_key: `payments:${paymentId}`,
    beneficiary_id: payee.beneficiary_id,
    source_currency: 'USD',
    destination_currency: 'GBP',
    amount: { source: 10_000 },
    ...(quoteId ? { quote_id: quoteId } : {}),
    memo: 'March',
  };
  return { request, started: await nium.transfer(request) };
}

describe('the Nium sandbox', () => {
  it('locks a quote for 15 minutes of the sandbox clock, then refuses it and a transfer at it', async () => {
    const quote = await nium.quote({ org_id: orgId, source_currency: 'USD', destination_currency: 'JPY', source_amount: 10_000 });
    expect(quote).toMatchObject({ source_amount: 10_000, fee: 0, destination_currency: 'JPY' });
    expect(Number.isInteger(quote.destination_amount)).toBe(true);
    expect(await nium.lockQuote({ org_id: orgId, quote_id: quote.quote_id })).toEqual(quote);
    await advance(16 * 60);
    expect((await rejection(nium.lockQuote({ org_id: orgId, quote_id: quote.quote_id })))?.code).toBe('quote_expired');
    const gbQuote = await nium.quote({ org_id: orgId, source_currency: 'USD', destination_currency: 'GBP' });
    await advance(16 * 60);
    expect((await rejection(send(undefined, gbQuote.quote_id)))?.code).toBe('quote_expired');
  });

  it('moves a payment through compliance, the bank and paid as the clock moves; the same key answers the same payment', async () => {
    const { request, started } = await send();
    expect(await nium.transfer(request)).toEqual(started);
    expect((await nium.getRemittance({ org_id: orgId, transfer_id: started.transfer_id })).status).toBe('initiated');
    await advance(40);
    expect((await nium.getRemittance({ org_id: orgId, transfer_id: started.transfer_id })).status).toBe('sent_to_bank');
    await advance(20);
    const paid = await nium.getRemittance({ org_id: orgId, transfer_id: started.transfer_id });
    expect(paid.history.map((entry) => entry.status)).toEqual(['initiated', 'compliance_completed', 'sent_to_bank', 'paid']);
    const events = await ctx.deps.db
      .select({ type: sandboxEvents.type, data: sandboxEvents.data })
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.object_id, started.transfer_id), like(sandboxEvents.type, 'nium.%')));
    expect(events.map((event) => event.type).sort()).toEqual([
      'nium.remittance.compliance_completed',
      'nium.remittance.paid',
      'nium.remittance.sent_to_bank',
    ]);
    expect(events.every((event) => event.data.payment_id === request.payment_id)).toBe(true);
  });

  it('holds a payment on an RFI until it is answered, then pays it', async () => {
    const { started } = await send(`Grace Hopper ${NIUM_TEST_MARKERS.rfi}`);
    await advance(20);
    const asked = await nium.getRemittance({ org_id: orgId, transfer_id: started.transfer_id });
    expect(asked).toMatchObject({ status: 'rfi_requested', rfis: [expect.objectContaining({ status: 'RFI_REQUESTED' })] });
    await advance(600);
    expect((await nium.getRemittance({ org_id: orgId, transfer_id: started.transfer_id })).status).toBe('rfi_requested');
    const answered = await nium.respondRfi({
      org_id: orgId,
      transfer_id: started.transfer_id,
      answers: [{ rfi_id: asked.rfis[0]!.rfi_id, info: { firstName: 'Grace' } }],
    });
    expect(answered).toMatchObject({ status: 'rfi_responded', rfis: [expect.objectContaining({ status: 'RFI_RESPONDED' })] });
    expect(
      (
        await rejection(
          nium.respondRfi({ org_id: orgId, transfer_id: started.transfer_id, answers: [{ rfi_id: asked.rfis[0]!.rfi_id, info: {} }] }),
        )
      )?.code,
    ).toBe('rfi_not_open');
    await advance(60);
    expect((await nium.getRemittance({ org_id: orgId, transfer_id: started.transfer_id })).status).toBe('paid');
  });

  it('returns a payment after it was paid, and rejects another at compliance', async () => {
    const returned = await send(`Alan Turing ${NIUM_TEST_MARKERS.returned}`);
    const rejected = await send(`Eve Mallory ${NIUM_TEST_MARKERS.rejected}`);
    await advance(80);
    expect(
      (await nium.getRemittance({ org_id: orgId, transfer_id: returned.started.transfer_id })).history.map((entry) => entry.status),
    ).toEqual(['initiated', 'compliance_completed', 'sent_to_bank', 'paid', 'returned']);
    expect((await nium.getRemittance({ org_id: orgId, transfer_id: rejected.started.transfer_id })).status).toBe('rejected');
  });

  it("refuses a bad corridor field with the field's sentence, and another organisation's payment", async () => {
    const bad = gb();
    bad.fields.sort_code = '';
    expect(await rejection(nium.createBeneficiary(bad))).toMatchObject({
      code: 'beneficiary_fields_invalid',
      message: 'Sort code is required',
    });
    const { started } = await send();
    const other = randomUUID();
    expect((await rejection(nium.getRemittance({ org_id: other, transfer_id: started.transfer_id })))?.code).toBe(
      'invalid_system_reference_number',
    );
  });
});
