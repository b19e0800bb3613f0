import { describe, expect, it } from 'vitest';
import { beneficiaryStep, isValidCardNumber, paymentInfoStep, wizardCountries, wizardCurrencies } from './payment-method-wizard.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('payment-method wizard', () => {
  it('offers the US, Canada and the European countries, and the six currencies', () => {
    const codes = wizardCountries.map(([code]) => code);
    expect(codes.slice(0, 2)).toEqual(['US', 'CA']);
    expect(codes).toEqual(expect.arrayContaining(['FR', 'DE', 'GB', 'ES', 'IT', 'PL']));
    expect(codes.length).toBeGreaterThanOrEqual(50);
    expect(wizardCurrencies).toEqual(['USD', 'CAD', 'EUR', 'HKD', 'AUD', 'SGD']);
  });

  it('requires the beneficiary fields except Address 2', () => {
    const empty = beneficiaryStep.safeParse({ country: '', currency: '', address_1: '', address_2: '', city: '', state: '', zip: '' });
    expect(messagesOf(empty)).toEqual({
      country: 'This field is required',
      currency: 'This field is required',
      address_1: 'This field is required',
      city: 'This field is required',
      state: 'This field is required',
      zip: 'This field is required',
    });
  });

  it("requires only the chosen method's fields and checks their format", () => {
    const blank = { bank: '', first_name: '', last_name: '', account_number: '', routing_number: '' };
    const blanks = { ...blank, card_number: '', name_on_card: '', expiration_date: '', cvv: '', location: '' };
    expect(messagesOf(paymentInfoStep.safeParse({ ...blanks, method: 'otc_cash' }))).toEqual({ location: 'This field is required' });
    expect(Object.keys(messagesOf(paymentInfoStep.safeParse({ ...blanks, method: 'international_bank' }))).sort()).toEqual(
      ['account_number', 'bank', 'first_name', 'last_name', 'routing_number'].sort(),
    );
    const us = {
      ...blanks,
      method: 'us_bank',
      first_name: 'Ann',
      last_name: 'Lee',
      account_number: '000123456789',
      routing_number: '110000000',
    };
    expect(paymentInfoStep.safeParse(us).success).toBe(true);
    expect(messagesOf(paymentInfoStep.safeParse({ ...us, routing_number: '123456789' }))).toEqual({
      routing_number: 'This field is required and must be a valid 9-digit routing number',
    });
    const card = {
      ...blanks,
      method: 'card',
      card_number: '4242 4242 4242 4242',
      name_on_card: 'Ann Lee',
      expiration_date: '12/29',
      cvv: '123',
    };
    expect(paymentInfoStep.safeParse(card).success).toBe(true);
    expect(
      Object.keys(messagesOf(paymentInfoStep.safeParse({ ...card, card_number: '4242424242424241', expiration_date: '13/29' }))),
    ).toEqual(['card_number', 'expiration_date']);
    expect(isValidCardNumber('4000 0566 5566 5556')).toBe(true);
  });
});
