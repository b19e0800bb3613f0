import { describe, expect, it } from 'vitest';
import { computeFee, describeFee, transferFee } from './fees.ts';
import { businessBody, formatUsPhone, usPhoneDigits } from './activation.ts';
import { usStates } from './us-states.ts';
import { walletPrimaryAction } from './wallets.ts';

describe('transferFee', () => {
  it.each([
    [0, 0],
    [4_999, 0],
    [5_000, 1],
    [125_000, 13],
    [10_000_000, 1000],
    [50_000_000, 1000],
  ])('charges %i cents a fee of %i', (amount, fee) => {
    expect(transferFee(amount)).toBe(fee);
  });
});

describe('computeFee', () => {
  it('adds the flat rate to the rounded percentage', () => {
    expect(computeFee(10_000, { flat_rate: 30, percentage: 2.9, cap: null })).toBe(320);
    expect(computeFee(1_234, { flat_rate: 0, percentage: 2.9, cap: null })).toBe(36);
  });
  it('stops at the cap when there is one', () => {
    expect(computeFee(100_000, { flat_rate: 0, percentage: 0.8, cap: 500 })).toBe(500);
    expect(computeFee(10_000, { flat_rate: 0, percentage: 0.8, cap: 500 })).toBe(80);
  });
});

describe('describeFee', () => {
  it.each([
    [{ flat_rate: 0, percentage: 0, cap: null }, 'are free!'],
    [{ flat_rate: 30, percentage: 2.9, cap: null }, '$0.30 + 2.9%'],
    [{ flat_rate: 0, percentage: 0.8, cap: 500 }, '0.8% (max $5.00)'],
    [{ flat_rate: 100, percentage: 0, cap: null }, '$1.00'],
  ])('describes %o as %s', (rule, text) => {
    expect(describeFee(rule)).toBe(text);
  });
});

describe('activation rules', () => {
  it('lists the 50 states, DC and 5 territories', () => {
    expect(usStates).toHaveLength(56);
    expect(usStates.map((state) => state.code)).toEqual(expect.arrayContaining(['CA', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP']));
  });
  it('reads US phones with or without +1 and masks them', () => {
    expect(usPhoneDigits('+1 (415) 555-0134')).toBe('4155550134');
    expect(usPhoneDigits('415555013')).toBeNull();
    expect(formatUsPhone('4155550134')).toBe('(415) 555-0134');
    expect(formatUsPhone('4155')).toBe('(415) 5');
  });
  it('drops the hyphen of a pasted EIN', () => {
    const parsed = businessBody.parse({
      ein: '12-3456789',
      phone: '4155550134',
      product_description: 'x',
      address: 'a',
      city: 'c',
      state: 'NY',
      zip_code: '10001',
      agreement: true,
    });
    expect(parsed.ein).toBe('123456789');
    expect(parsed.phone).toBe('+14155550134');
  });
});

describe('walletPrimaryAction', () => {
  it('follows the spec rule', () => {
    expect(walletPrimaryAction({ payment_method: null, setup_intent: null })).toBe('Connect bank');
    expect(walletPrimaryAction({ payment_method: null, setup_intent: { id: 's', status: 'requires_action', next_action: null } })).toBe(
      'Verify account',
    );
    expect(
      walletPrimaryAction({
        payment_method: {
          id: 'pm',
          type: 'us_bank_account',
          us_bank_account: { bank_name: 'B', last4: '1234', routing_number: '110000000' },
        },
        setup_intent: null,
      }),
    ).toBe('Add funds');
  });
});
