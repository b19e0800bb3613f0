import { randomUUID } from 'node:crypto';
import { convertMinor } from '@crewpay/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startNiumFake, type NiumFake } from '../../../fakes/nium-fake.ts';
import { niumClient, type NiumAccount, type NiumSettings } from '../clients/nium-client.ts';
import { ProviderCallError } from '../contract.ts';
import { checkNiumPartnerKey, niumEventsOf } from '../webhooks/nium-events.ts';
import { NIUM_TEST_MARKERS } from './nium-test-markers.ts';
import { createNiumPayouts, type NiumPayouts } from './nium-payouts.ts';
import type { BeneficiaryInput } from './types.ts';

const ORG = '2a0e9d8c-7b6a-4594-8372-6150a4b3c2d1';
let fake: NiumFake;
let settings: NiumSettings;
beforeAll(async () => {
  fake = await startNiumFake();
  settings = {
    apiKey: fake.settings.NIUM_API_KEY,
    clientHashId: fake.settings.NIUM_CLIENT_HASH_ID,
    clientName: fake.settings.NIUM_CLIENT_NAME,
    webhookPartnerKey: fake.settings.NIUM_WEBHOOK_PARTNER_KEY,
    apiBase: fake.settings.NIUM_API_BASE,
  };
});

/** An organisation's Nium customer, its wallet funded with `dollars` from the client's prefund. */
async function fundedOrg(dollars = 10_000): Promise<{ account: NiumAccount; nium: NiumPayouts }> {
  const account = fake.addCustomer('Acme Creators');
  const funded = await niumClient(settings).fundWallet(account, {
    sourceCurrency: 'USD',
    destinationCurrency: 'USD',
    amount: dollars * 100,
    idempotencyKey: randomUUID(),
  });
  expect(funded).toMatchObject({ status: 'Approved', destinationAmount: dollars * 100 });
  return { account, nium: createNiumPayouts(settings, { accountOf: async () => account, now: fake.now }) };
}

const payees: Record<string, Omit<BeneficiaryInput, 'org_id' | 'payee_id' | 'account_holder_type'>> = {
  GB: {
    country: 'GB',
    currency: 'GBP',
    method: 'bank_account',
    fields: { account_holder_name: 'Ada Lovelace', sort_code: '12-34-56', account_number: '12345678' },
  },
  IN: {
    country: 'IN',
    currency: 'INR',
    method: 'bank_account',
    fields: { account_holder_name: 'Priya Sharma', ifsc: 'SBIN0000058', account_number: '123456789012' },
  },
  BR: {
    country: 'BR',
    currency: 'BRL',
    method: 'pix',
    fields: { account_holder_name: 'João Silva', pix_key: 'joao@example.com.br', cpf: '529.982.247-25' },
  },
  DE: {
    country: 'DE',
    currency: 'EUR',
    method: 'bank_account',
    fields: { account_holder_name: 'Jürgen Müller', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  },
  JP: {
    country: 'JP',
    currency: 'JPY',
    method: 'bank_account',
    fields: { account_holder_name: 'Yamada Taro', bank_code: '0001', branch_code: '001', account_number: '1234567' },
  },
};
const beneficiary = (country: keyof typeof payees, name?: string): BeneficiaryInput => ({
  org_id: ORG,
  payee_id: randomUUID(),
  account_holder_type: 'individual',
  ...payees[country]!,
  fields: { ...payees[country]!.fields, ...(name ? { account_holder_name: name } : {}) },
});
const processAll = (steps: number) => {
  const webhooks = [];
  for (let step = 0; step < steps; step += 1) webhooks.push(...fake.process());
  return webhooks;
};
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ProviderCallError,
  );

describe('the Nium payouts provider against the Nium fake', () => {
  it('pays payees in GB, IN, BR (Pix), DE and JP at locked quotes: what each receives is what its quote said', async () => {
    const { account, nium } = await fundedOrg();
    const sent = [];
    for (const country of ['GB', 'IN', 'BR', 'DE', 'JP'] as const) {
      const payee = await nium.createBeneficiary(beneficiary(country));
      const shown = await nium.quote({
        org_id: ORG,
        source_currency: 'USD',
        destination_currency: payees[country]!.currency,
        source_amount: 10_000,
      });
      const locked = await nium.lockQuote({ org_id: ORG, quote_id: shown.quote_id });
      expect(locked).toEqual(shown);
      const paymentId = randomUUID();
      const started = await nium.transfer({
        org_id: ORG,
        payment_id: paymentId,
        idempotency_key: `payments:${paymentId}`,
        beneficiary_id: payee.beneficiary_id,
        source_currency: 'USD',
        destination_currency: payees[country]!.currency,
        amount: { source: 10_000 },
        quote_id: locked.quote_id,
        memo: 'March campaign',
      });
      sent.push({ started, quote: locked, currency: payees[country]!.currency });
    }
    // JPY has no minor unit: 100 USD at the quote's rate is a whole number of yen.
    const yen = sent.find((entry) => entry.currency === 'JPY')!;
    expect(yen.quote.destination_amount).toBe(convertMinor(10_000, { from: 'USD', to: 'JPY', rate: yen.quote.rate }));
    for (const { started, quote } of sent) {
      const remittance = fake.state().remittances.find((entry) => entry.systemReferenceNumber === started.transfer_id)!;
      expect(remittance).toMatchObject({ sourceAmount: 10_000, destinationAmount: quote.destination_amount, status: 'INITIATED' });
    }
    expect(fake.balances(account.customerHashId)).toEqual({ USD: 1_000_000 - 5 * 10_000 });
    const webhooks = processAll(3);
    expect(webhooks.filter((webhook) => webhook.body.template === 'REMIT_TRANSACTION_PAID_WEBHOOK')).toHaveLength(5);
    const events = webhooks.flatMap((webhook) => niumEventsOf(webhook.body, webhook.headers['x-request-id']!));
    expect(events.filter((event) => event.type === 'nium.remittance.paid').map((event) => event.org_id)).toEqual(Array(5).fill(ORG));
    const state = await nium.getRemittance({ org_id: ORG, transfer_id: sent[0]!.started.transfer_id });
    expect(state).toMatchObject({ status: 'paid', provider_status: 'PAID' });
    expect(state.history.map((entry) => entry.status)).toEqual(['initiated', 'compliance_completed', 'sent_to_bank', 'paid']);
  });

  it('refuses a quote past its lock, and a transfer at it, moving nothing', async () => {
    const { account, nium } = await fundedOrg();
    const payee = await nium.createBeneficiary(beneficiary('GB'));
    const shown = await nium.quote({ org_id: ORG, source_currency: 'USD', destination_currency: 'GBP', source_amount: 5_000 });
    fake.advanceMinutes(16);
    expect((await rejection(nium.lockQuote({ org_id: ORG, quote_id: shown.quote_id })))?.code).toBe('quote_expired');
    const paymentId = randomUUID();
    const refused = await rejection(
      nium.transfer({
        org_id: ORG,
        payment_id: paymentId,
        idempotency_key: `payments:${paymentId}`,
        beneficiary_id: payee.beneficiary_id,
        source_currency: 'USD',
        destination_currency: 'GBP',
        amount: { source: 5_000 },
        quote_id: shown.quote_id,
        memo: 'Late',
      }),
    );
    expect(refused).toMatchObject({ code: 'quote_expired', retryable: false });
    expect(fake.balances(account.customerHashId)).toEqual({ USD: 1_000_000 });
    // Re-quoted, it goes through at the new quote's rate.
    const again = await nium.quote({ org_id: ORG, source_currency: 'USD', destination_currency: 'GBP', source_amount: 5_000 });
    expect(Date.parse(again.expires_at)).toBeGreaterThan(Date.parse(shown.expires_at));
  });

  it('answers an RFI Nium raised, and the payment goes on to be paid', async () => {
    const { nium } = await fundedOrg();
    const payee = await nium.createBeneficiary(beneficiary('IN', `Priya Sharma ${NIUM_TEST_MARKERS.rfi}`));
    const paymentId = randomUUID();
    const started = await nium.transfer({
      org_id: ORG,
      payment_id: paymentId,
      idempotency_key: `payments:${paymentId}`,
      beneficiary_id: payee.beneficiary_id,
      source_currency: 'USD',
      destination_currency: 'INR',
      amount: { destination: 500_000 },
      memo: 'April',
    });
    const nudges = processAll(1).flatMap((webhook) => niumEventsOf(webhook.body, webhook.headers['x-request-id']!));
    expect(nudges).toEqual([
      expect.objectContaining({ type: 'nium.remittance.compliance_changed', object_id: started.transfer_id, org_id: ORG }),
    ]);
    const asked = await nium.getRemittance({ org_id: ORG, transfer_id: started.transfer_id });
    expect(asked).toMatchObject({
      status: 'rfi_requested',
      rfis: [expect.objectContaining({ status: 'RFI_REQUESTED', fields: ['firstName'] })],
    });
    const answered = await nium.respondRfi({
      org_id: ORG,
      transfer_id: started.transfer_id,
      answers: [{ rfi_id: asked.rfis[0]!.rfi_id, info: { firstName: 'Priya' } }],
    });
    expect(answered.status).toBe('rfi_responded');
    processAll(4);
    expect((await nium.getRemittance({ org_id: ORG, transfer_id: started.transfer_id })).status).toBe('paid');
    const remittance = fake.state().remittances.find((entry) => entry.systemReferenceNumber === started.transfer_id)!;
    expect(remittance.destinationAmount).toBe(500_000);
  });

  it('follows a payment the bank returns: the money is back in the wallet and the event names our payment', async () => {
    const { account, nium } = await fundedOrg();
    const payee = await nium.createBeneficiary(beneficiary('DE', `Jürgen Müller ${NIUM_TEST_MARKERS.returned}`));
    const paymentId = randomUUID();
    const started = await nium.transfer({
      org_id: ORG,
      payment_id: paymentId,
      idempotency_key: `payments:${paymentId}`,
      beneficiary_id: payee.beneficiary_id,
      source_currency: 'USD',
      destination_currency: 'EUR',
      amount: { source: 25_000 },
      memo: 'May',
    });
    expect(fake.balances(account.customerHashId)).toEqual({ USD: 975_000 });
    const events = processAll(4).flatMap((webhook) => niumEventsOf(webhook.body, webhook.headers['x-request-id']!));
    expect(events.map((event) => event.type)).toEqual(['nium.remittance.sent_to_bank', 'nium.remittance.paid', 'nium.remittance.returned']);
    expect(events.at(-1)).toMatchObject({
      object_id: started.transfer_id,
      data: { payment_id: paymentId, source_currency: 'USD', source_amount: '25000', destination_currency: 'EUR' },
    });
    expect(fake.balances(account.customerHashId)).toEqual({ USD: 1_000_000 });
    const state = await nium.getRemittance({ org_id: ORG, transfer_id: started.transfer_id });
    expect(state).toMatchObject({
      status: 'returned',
      history: expect.arrayContaining([expect.objectContaining({ status: 'returned', detail: 'Closed account number' })]),
    });
  });

  it('pays once when a transfer is tried again with the same key (Nium refuses the externalId it has seen)', async () => {
    const { account, nium } = await fundedOrg();
    const payee = await nium.createBeneficiary(beneficiary('JP'));
    const paymentId = randomUUID();
    const request = {
      org_id: ORG,
      payment_id: paymentId,
      idempotency_key: `payments:${paymentId}`,
      beneficiary_id: payee.beneficiary_id,
      source_currency: 'USD',
      destination_currency: 'JPY',
      amount: { destination: 15_000 },
      memo: 'June',
    };
    const first = await nium.transfer(request);
    const again = await nium.transfer(request);
    expect(again.transfer_id).toBe(first.transfer_id);
    expect(fake.state().remittances.filter((entry) => entry.systemReferenceNumber === first.transfer_id)).toHaveLength(1);
    const paid = fake.state().remittances.find((entry) => entry.systemReferenceNumber === first.transfer_id)!.sourceAmount;
    expect(fake.balances(account.customerHashId)).toEqual({ USD: 1_000_000 - paid });
  });

  it('refuses a bad IBAN with a sentence naming the field before asking Nium', async () => {
    const { nium } = await fundedOrg();
    const before = fake.requests.length;
    const bad = beneficiary('DE');
    bad.fields.iban = 'DE89370400440532013001';
    const refused = await rejection(nium.createBeneficiary(bad));
    expect(refused).toMatchObject({ code: 'beneficiary_fields_invalid', message: 'IBAN is not valid: check the digits' });
    expect(fake.requests.length).toBe(before);
  });

  it("checks Nium's x-partner-key on a webhook", () => {
    expect(() => checkNiumPartnerKey({ 'x-partner-key': settings.webhookPartnerKey }, settings.webhookPartnerKey)).not.toThrow();
    expect(() => checkNiumPartnerKey({ 'x-partner-key': 'forged-partner-key' }, settings.webhookPartnerKey)).toThrow('Invalid signature');
    expect(() => checkNiumPartnerKey({}, settings.webhookPartnerKey)).toThrow('Invalid signature');
    expect(() => checkNiumPartnerKey({ 'x-partner-key': 'anything' }, undefined)).toThrow('Invalid signature');
  });
});
