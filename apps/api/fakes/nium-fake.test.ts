import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { NIUM_FAKE_CLIENT, NIUM_FAKE_MARKERS, startNiumFake, type NiumFake } from './nium-fake.ts';

const headers = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'x-api-key': NIUM_FAKE_CLIENT.apiKey,
  'x-client-name': NIUM_FAKE_CLIENT.clientName,
  'x-request-id': randomUUID(),
  ...extra,
});
const client = `/api/v1/client/${NIUM_FAKE_CLIENT.clientHashId}`;

async function call(fake: NiumFake, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const answer = await fetch(`${fake.url}${path}`, {
    method,
    headers: headers(extra),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> & { errors?: unknown[] } };
}

const gbBeneficiary = (name = 'Ada Lovelace') => ({
  beneficiaryAccountType: 'Individual',
  beneficiaryName: name,
  beneficiaryCountryCode: 'GB',
  destinationCountry: 'GB',
  destinationCurrency: 'GBP',
  payoutMethod: 'LOCAL',
  beneficiaryAccountNumber: '12345678',
  routingCodeType1: 'SORT CODE',
  routingCodeValue1: '123456',
});

async function fundedCustomer(fake: NiumFake, dollars = 1000) {
  const customer = fake.addCustomer();
  const wallet = `/api/v1/client/${NIUM_FAKE_CLIENT.clientHashId}/customer/${customer.customerHashId}/wallet/${customer.walletHashId}`;
  const funded = await call(
    fake,
    'POST',
    `${wallet}/fund`,
    { amount: dollars, sourceCurrencyCode: 'USD', destinationCurrencyCode: 'USD', fundingChannel: 'PREFUND' },
    { 'x-idempotency-id': randomUUID() },
  );
  expect(funded.status).toBe(200);
  return {
    ...customer,
    wallet,
    beneficiaries: `/api/v2/client/${NIUM_FAKE_CLIENT.clientHashId}/customer/${customer.customerHashId}/beneficiaries`,
  };
}

describe('the Nium fake, checked against the transcribed Nium description', () => {
  it('refuses a request that breaks the description or lacks Nium headers, and records why', async () => {
    const fake = await startNiumFake();
    const customer = fake.addCustomer();
    const path = `/api/v2/client/${NIUM_FAKE_CLIENT.clientHashId}/customer/${customer.customerHashId}/beneficiaries`;
    const broken = await call(fake, 'POST', path, { ...gbBeneficiary(), payoutMethod: 'PIGEON' });
    expect(broken.status).toBe(400);
    expect(fake.takeProblems()).toEqual([expect.stringContaining('body/payoutMethod must be equal to one of the allowed values')]);
    const answer = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { ...headers(), 'x-api-key': 'wrong' },
      body: JSON.stringify(gbBeneficiary()),
    });
    expect(answer.status).toBe(401);
    const noRequestId = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { ...headers(), 'x-request-id': 'abc' },
      body: JSON.stringify(gbBeneficiary()),
    });
    expect(noRequestId.status).toBe(400);
  });

  it("checks a corridor's required fields and names the field", async () => {
    const fake = await startNiumFake();
    const { beneficiaries } = await fundedCustomer(fake);
    const refused = await call(fake, 'POST', beneficiaries, { ...gbBeneficiary(), routingCodeValue1: '12345' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ code: 'invalid_input', description: 'a sort code is 6 digits', field: 'routingCodeValue1' }]);
    const iban = await call(fake, 'POST', beneficiaries, {
      ...gbBeneficiary(),
      beneficiaryCountryCode: 'DE',
      destinationCountry: 'DE',
      destinationCurrency: 'EUR',
      beneficiaryAccountNumber: 'DE89370400440532013001',
      routingCodeType1: 'SWIFT',
      routingCodeValue1: 'COBADEFFXXX',
    });
    expect(iban.body.errors).toEqual([
      { code: 'invalid_input', description: 'a valid German IBAN is required', field: 'beneficiaryAccountNumber' },
    ]);
  });

  it('locks a quote until it expires, debits the wallet at that rate, and refuses the expired quote', async () => {
    const fake = await startNiumFake();
    const customer = await fundedCustomer(fake);
    const added = await call(fake, 'POST', customer.beneficiaries, gbBeneficiary());
    const quote = await call(fake, 'POST', `${client}/quotes`, {
      customerHashId: customer.customerHashId,
      sourceCurrencyCode: 'USD',
      destinationCurrencyCode: 'GBP',
      quoteType: 'payout',
      conversionSchedule: 'immediate',
      executionType: 'at_conversion_time',
      lockPeriod: '5_mins',
    });
    expect(quote.body).toMatchObject({ sourceCurrencyCode: 'USD', destinationCurrencyCode: 'GBP', lockPeriod: '5_mins' });
    const transfer = (externalId: string) =>
      call(fake, 'POST', `${customer.wallet}/remittance`, {
        beneficiary: { id: added.body.beneficiaryHashId },
        payout: { quoteId: quote.body.id, sourceCurrency: 'USD', sourceAmount: 100 },
        purposeCode: 'IR01802',
        sourceOfFunds: 'Corporate Account',
        externalId,
      });
    const sent = await transfer('pay-1');
    expect(sent.status).toBe(200);
    const state = fake.state();
    expect(state.remittances[0]).toMatchObject({
      sourceAmount: 10000,
      destinationCurrency: 'GBP',
      exchangeRate: quote.body.netExchangeRate,
    });
    expect(fake.balances(customer.customerHashId)).toEqual({ USD: 90000 });
    expect((await transfer('pay-1')).body.errors).toEqual([expect.objectContaining({ code: 'duplicate_externalId' })]);
    fake.advanceMinutes(6);
    const expired = await transfer('pay-2');
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual([expect.objectContaining({ code: 'quote_expired' })]);
    expect(fake.balances(customer.customerHashId)).toEqual({ USD: 90000 });
  });

  it('moves a payment through its statuses with webhooks, raises an RFI that is answered, and returns money', async () => {
    const fake = await startNiumFake();
    const customer = await fundedCustomer(fake);
    const send = async (name: string, externalId: string) => {
      const added = await call(fake, 'POST', customer.beneficiaries, gbBeneficiary(name));
      const sent = await call(fake, 'POST', `${customer.wallet}/remittance`, {
        beneficiary: { id: added.body.beneficiaryHashId },
        payout: { sourceCurrency: 'USD', destinationAmount: 50 },
        purposeCode: 'IR01802',
        sourceOfFunds: 'Corporate Account',
        externalId,
      });
      return String(sent.body.systemReferenceNumber);
    };
    const rfi = await send(`Grace Hopper ${NIUM_FAKE_MARKERS.rfi}`, 'rfi-1');
    const returned = await send(`Alan Turing ${NIUM_FAKE_MARKERS.returned}`, 'return-1');
    const templates = () => fake.process().map((webhook) => String(webhook.body.template ?? webhook.body.type));
    expect(templates()).toEqual(['TRANSACTION']); // the RFI is raised; the other passes compliance
    const listed = await call(fake, 'GET', `${customer.wallet}/transactions?externalId=rfi-1`);
    const [transaction] = listed.body.content as { authCode: string; rfiDetails: { rfiHashId: string }[] }[];
    expect(transaction!.authCode).toBe(rfi);
    const answered = await call(fake, 'POST', `${customer.wallet}/transactions/${rfi}/rfi/upload`, {
      rfiResponseRequest: [{ rfiHashId: transaction!.rfiDetails[0]!.rfiHashId, rfiResponseInfo: { firstName: 'Grace' } }],
    });
    expect(answered.body).toMatchObject({ status: 'RFI_RESPONDED' });
    fake.takeWebhooks();
    expect(templates()).toEqual(['REMIT_TRANSACTION_SENT_TO_BANK_WEBHOOK']);
    expect(templates()).toEqual(['REMIT_TRANSACTION_SENT_TO_BANK_WEBHOOK', 'REMIT_TRANSACTION_PAID_WEBHOOK']);
    expect(templates()).toEqual(['REMIT_TRANSACTION_PAID_WEBHOOK', 'REMIT_TRANSACTION_RETURNED_WEBHOOK']);
    const audit = await call(fake, 'GET', `${customer.wallet}/remittance/${returned}/audit`);
    expect((audit.body as unknown as { status: string }[]).map((event) => event.status)).toEqual([
      'INITIATED',
      'COMPLIANCE_COMPLETED',
      'SENT_TO_BANK',
      'PAID',
      'RETURN',
    ]);
    const paidOnly = fake.state().remittances.find((entry) => entry.systemReferenceNumber === rfi)!;
    expect(fake.balances(customer.customerHashId).USD).toBe(100000 - paidOnly.sourceAmount);
    expect(fake.webhookProblems).toEqual([]);
  });

  it("moves a payment with Nium's sandbox simulator", async () => {
    const fake = await startNiumFake();
    const customer = await fundedCustomer(fake);
    const added = await call(fake, 'POST', customer.beneficiaries, gbBeneficiary());
    const sent = await call(fake, 'POST', `${customer.wallet}/remittance`, {
      beneficiary: { id: added.body.beneficiaryHashId },
      payout: { sourceCurrency: 'USD', sourceAmount: 10 },
      purposeCode: 'IR01802',
      sourceOfFunds: 'Corporate Account',
    });
    const moved = await call(fake, 'POST', `/api/v1/simulations/transactions/${String(sent.body.systemReferenceNumber)}/transition`, {
      nextStatus: 'REJECTED',
    });
    expect(moved.body).toMatchObject({ status: 'REJECTED' });
    expect(fake.balances(customer.customerHashId)).toEqual({ USD: 100000 });
    expect(fake.takeWebhooks().map((webhook) => webhook.body.template)).toEqual(['REMIT_TRANSACTION_REJECTED_WEBHOOK']);
  });

  it('standalone, POSTs its webhooks with x-request-id and the static x-partner-key', async () => {
    const received: { headers: Record<string, unknown>; body: Record<string, unknown> }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(body) as Record<string, unknown> });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const fake = await startNiumFake({ webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/webhooks/nium` });
    try {
      const customer = await fundedCustomer(fake);
      const added = await call(fake, 'POST', customer.beneficiaries, gbBeneficiary());
      await call(fake, 'POST', `${customer.wallet}/remittance`, {
        beneficiary: { id: added.body.beneficiaryHashId },
        payout: { sourceCurrency: 'USD', sourceAmount: 10 },
        purposeCode: 'IR01802',
        sourceOfFunds: 'Corporate Account',
      });
      await expect
        .poll(() => received.map((webhook) => webhook.body.template), { timeout: 8_000 })
        .toContain('REMIT_TRANSACTION_PAID_WEBHOOK');
      expect(received[0]!.headers['x-partner-key']).toBe(NIUM_FAKE_CLIENT.partnerKey);
      expect(String(received[0]!.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await fake.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
