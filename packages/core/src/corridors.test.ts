import { describe, expect, it } from 'vitest';
import { ibanChecksumIsValid, isValidClabe, isValidCnpj, isValidCpf, isValidIfsc, pixKeyType } from './bank-checks.ts';
import { CORRIDORS, checkCorridorFields, normalizeCorridorFields } from './corridors.ts';

describe('bank checks', () => {
  it('checks an IBAN with mod 97', () => {
    expect(ibanChecksumIsValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanChecksumIsValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumIsValid('DE89370400440532013001')).toBe(false);
    expect(ibanChecksumIsValid('DE98370400440532013000')).toBe(false);
  });

  it('checks a CLABE, a CPF, a CNPJ and an IFSC', () => {
    expect(isValidClabe('032180000118359719')).toBe(true);
    expect(isValidClabe('032180000118359718')).toBe(false);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidIfsc('sbin0000058')).toBe(true);
    expect(isValidIfsc('SBIN1000058')).toBe(false);
  });

  it('tells the kind of a Pix key', () => {
    expect(pixKeyType('creator@example.com.br')).toBe('email');
    expect(pixKeyType('+55 11 91234-5678')).toBe('phone');
    expect(pixKeyType('52998224725')).toBe('cpf');
    expect(pixKeyType('11222333000181')).toBe('cnpj');
    expect(pixKeyType('123e4567-e89b-12d3-a456-426655440000')).toBe('random');
    expect(pixKeyType('52998224726')).toBeNull();
  });
});

const valid = {
  GB: { method: 'bank_account', values: { account_holder_name: 'Ada Lovelace', sort_code: '12-34-56', account_number: '12345678' } },
  IN: { method: 'bank_account', values: { account_holder_name: 'Priya Sharma', ifsc: 'SBIN0000058', account_number: '123456789012' } },
  BR: { method: 'pix', values: { account_holder_name: 'João Silva', pix_key: 'joao@example.com.br', cpf: '529.982.247-25' } },
  DE: { method: 'bank_account', values: { account_holder_name: 'Jürgen Müller', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' } },
  JP: {
    method: 'bank_account',
    values: { account_holder_name: 'Yamada Taro', bank_code: '0001', branch_code: '001', account_number: '1234567' },
  },
  MX: { method: 'bank_account', values: { account_holder_name: 'María López', clabe: '032180000118359719' } },
  PH: { method: 'bank_account', values: { account_holder_name: 'Jose Rizal', bic: 'BOPIPHMM', account_number: '1234567890' } },
} as const;

describe('checkCorridorFields', () => {
  it.each(Object.entries(valid))('accepts good %s details', (country, entry) => {
    expect(checkCorridorFields({ country, method: entry.method, values: entry.values })).toEqual([]);
  });

  it('covers every corridor with its currency', () => {
    expect(Object.fromEntries(Object.values(CORRIDORS).map((c) => [c.country, c.currency]))).toEqual({
      GB: 'GBP',
      IN: 'INR',
      BR: 'BRL',
      DE: 'EUR',
      JP: 'JPY',
      MX: 'MXN',
      PH: 'PHP',
    });
  });

  it('names a missing field in a sentence', () => {
    expect(checkCorridorFields({ country: 'GB', method: 'bank_account', values: { ...valid.GB.values, sort_code: ' ' } })).toEqual([
      { field: 'sort_code', message: 'Sort code is required' },
    ]);
  });

  it('refuses a bad IBAN by its checksum, its length and its country', () => {
    const check = (iban: string) => checkCorridorFields({ country: 'DE', method: 'bank_account', values: { ...valid.DE.values, iban } });
    expect(check('DE89370400440532013001')).toEqual([{ field: 'iban', message: 'IBAN is not valid: check the digits' }]);
    expect(check('DE8937040044053201300')).toEqual([{ field: 'iban', message: 'IBAN must be 22 characters for Germany' }]);
    expect(check('GB82WEST12345698765432')).toEqual([{ field: 'iban', message: 'IBAN must start with DE for a bank in Germany' }]);
    expect(check('12345')).toEqual([{ field: 'iban', message: 'IBAN is not valid: it starts with 2 letters and 2 digits' }]);
  });

  it('refuses a BIC of another country, a bad CLABE, IFSC and CPF', () => {
    expect(checkCorridorFields({ country: 'DE', method: 'bank_account', values: { ...valid.DE.values, bic: 'BOPIPHMM' } })).toEqual([
      { field: 'bic', message: 'BIC (SWIFT code) must be of a bank in Germany' },
    ]);
    expect(
      checkCorridorFields({ country: 'MX', method: 'bank_account', values: { ...valid.MX.values, clabe: '032180000118359718' } }),
    ).toEqual([{ field: 'clabe', message: 'CLABE is not valid: check the digits' }]);
    expect(checkCorridorFields({ country: 'IN', method: 'bank_account', values: { ...valid.IN.values, ifsc: 'SBIN000058' } })).toEqual([
      { field: 'ifsc', message: 'IFSC is not valid: 4 letters, a zero, then 6 letters or digits' },
    ]);
    expect(checkCorridorFields({ country: 'BR', method: 'pix', values: { ...valid.BR.values, cpf: '52998224726' } })).toEqual([
      { field: 'cpf', message: 'CPF is not valid: check the digits' },
    ]);
  });

  it('asks Brazil bank accounts for bank, branch, account, type and CPF', () => {
    expect(checkCorridorFields({ country: 'BR', method: 'bank_account', values: { account_holder_name: 'João Silva' } })).toEqual([
      { field: 'bank_code', message: 'Bank code is required' },
      { field: 'branch_code', message: 'Branch code is required' },
      { field: 'account_number', message: 'Account number is required' },
      { field: 'account_type', message: 'Account type is required' },
      { field: 'cpf', message: 'CPF is required' },
    ]);
  });

  it('checks lengths, names and unknown corridors', () => {
    expect(checkCorridorFields({ country: 'JP', method: 'bank_account', values: { ...valid.JP.values, account_number: '12345' } })).toEqual(
      [{ field: 'account_number', message: 'Account number must be 7 digits, numbers only' }],
    );
    expect(
      checkCorridorFields({ country: 'GB', method: 'bank_account', values: { ...valid.GB.values, account_holder_name: '<b>' } }),
    ).toEqual([{ field: 'account_holder_name', message: "Name on account may use letters, numbers, spaces and . , ( ) ' / - only" }]);
    expect(checkCorridorFields({ country: 'FR', method: 'bank_account', values: {} })).toEqual([
      { field: 'country', message: 'Payouts to France are not available' },
    ]);
    expect(checkCorridorFields({ country: 'GB', method: 'pix', values: {} })).toEqual([
      { field: 'method', message: 'Payout method must be one of: Bank account' },
    ]);
  });
});

describe('normalizeCorridorFields', () => {
  it('keeps the values as the rail wants them', () => {
    expect(normalizeCorridorFields({ country: 'GB', ...valid.GB })).toEqual({
      account_holder_name: 'Ada Lovelace',
      sort_code: '123456',
      account_number: '12345678',
    });
    expect(normalizeCorridorFields({ country: 'DE', ...valid.DE }).iban).toBe('DE89370400440532013000');
    expect(normalizeCorridorFields({ country: 'BR', ...valid.BR }).cpf).toBe('52998224725');
  });
});
