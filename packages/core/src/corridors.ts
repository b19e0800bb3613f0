// Where a payee abroad can be paid in their own currency, and which bank details each country's
// payout method needs. The payee link, the portal and the creator form ask for exactly these
// fields, in this order, with these labels, and refuse a value with the sentence that names the
// field, before any money moves.
import {
  IBAN_LENGTHS,
  compactBankValue,
  ibanProblem,
  isValidBic,
  isValidClabe,
  isValidCpf,
  isValidIfsc,
  isValidSortCode,
  pixKeyType,
} from './bank-checks.ts';
import { countryName } from './countries.ts';

export type CorridorField = {
  key: string;
  label: string;
  /** Shown under the input: what the value looks like. */
  hint?: string;
  /** A choice among these values instead of free text. */
  options?: { value: string; label: string }[];
  /** The problem with a non-empty value, as a sentence naming the field, or null when it is fine. */
  check(value: string): string | null;
  /** The value as it is kept and sent to the rail (spaces and dashes out, upper case where the format wants it). */
  normalize(value: string): string;
};

export type CorridorMethodId = 'bank_account' | 'pix';
export type CorridorMethod = { id: CorridorMethodId; label: string; fields: CorridorField[] };
export type Corridor = { country: string; currency: string; methods: CorridorMethod[] };
export type CorridorFieldError = { field: string; message: string };

const trimmed = (value: string) => value.trim().replace(/\s+/g, ' ');
const digitsOnly = (value: string) => value.replace(/[\s.\-/]/g, '');

/** A field of `min` to `max` digits (the same number when one length is allowed). */
function digitsField(key: string, label: string, min: number, max = min, hint?: string): CorridorField {
  const length = min === max ? `${min} digits` : `${min} to ${max} digits`;
  return {
    key,
    label,
    hint: hint ?? length,
    normalize: digitsOnly,
    check: (value) => (new RegExp(`^\\d{${min},${max}}$`).test(digitsOnly(value)) ? null : `${label} must be ${length}, numbers only`),
  };
}

/**
 * The name the payee's bank holds the account under: banks abroad match it (Confirmation of
 * Payee in the UK, name checks in India and Brazil), so it is the account's name, not a nickname.
 * Nium takes at most 150 characters of letters and . , ( ) ' / -.
 */
const accountHolderName: CorridorField = {
  key: 'account_holder_name',
  label: 'Name on account',
  hint: 'Exactly as the bank shows it',
  normalize: trimmed,
  check: (value) => {
    const name = trimmed(value);
    if (name.length > 140) return 'Name on account must be at most 140 characters';
    if (!/^[\p{L}\p{M}0-9 .,()'/-]+$/u.test(name)) return "Name on account may use letters, numbers, spaces and . , ( ) ' / - only";
    if (!/\p{L}/u.test(name)) return 'Name on account must contain letters';
    return null;
  },
};

const cpf: CorridorField = {
  key: 'cpf',
  label: 'CPF',
  hint: '11 digits, as 123.456.789-09',
  normalize: (value) => value.replace(/\D/g, ''),
  check: (value) => (isValidCpf(value) ? null : 'CPF is not valid: check the digits'),
};

function ibanField(country: string): CorridorField {
  return {
    key: 'iban',
    label: 'IBAN',
    hint: `Starts with ${country}`,
    normalize: compactBankValue,
    check: (value) => {
      const problem = ibanProblem(value, country);
      if (problem === null) return null;
      if (problem === 'country') return `IBAN must start with ${country} for a bank in ${countryName(country)}`;
      if (problem === 'length') return `IBAN must be ${String(IBAN_LENGTHS[country])} characters for ${countryName(country)}`;
      if (problem === 'checksum') return 'IBAN is not valid: check the digits';
      return 'IBAN is not valid: it starts with 2 letters and 2 digits';
    },
  };
}

function bicField(country: string, label = 'BIC (SWIFT code)'): CorridorField {
  return {
    key: 'bic',
    label,
    hint: '8 or 11 letters and digits',
    normalize: compactBankValue,
    check: (value) =>
      isValidBic(value, country)
        ? null
        : isValidBic(value)
          ? `${label} must be of a bank in ${countryName(country)}`
          : `${label} is not valid: 8 or 11 letters and digits`,
  };
}

const GB: Corridor = {
  country: 'GB',
  currency: 'GBP',
  methods: [
    {
      id: 'bank_account',
      label: 'Bank account',
      fields: [
        accountHolderName,
        {
          key: 'sort_code',
          label: 'Sort code',
          hint: '6 digits, as 12-34-56',
          normalize: digitsOnly,
          check: (value) => (isValidSortCode(value) ? null : 'Sort code must be 6 digits'),
        },
        digitsField('account_number', 'Account number', 8),
      ],
    },
  ],
};

const IN: Corridor = {
  country: 'IN',
  currency: 'INR',
  methods: [
    {
      id: 'bank_account',
      label: 'Bank account',
      fields: [
        accountHolderName,
        {
          key: 'ifsc',
          label: 'IFSC',
          hint: '11 characters, as SBIN0000058',
          normalize: compactBankValue,
          check: (value) => (isValidIfsc(value) ? null : 'IFSC is not valid: 4 letters, a zero, then 6 letters or digits'),
        },
        digitsField('account_number', 'Account number', 9, 18),
      ],
    },
  ],
};

const BR: Corridor = {
  country: 'BR',
  currency: 'BRL',
  methods: [
    {
      id: 'pix',
      label: 'Pix',
      fields: [
        accountHolderName,
        {
          key: 'pix_key',
          label: 'Pix key',
          hint: 'The CPF, CNPJ, email, phone (+55) or random key registered with the bank',
          normalize: (value) => value.trim(),
          check: (value) =>
            pixKeyType(value) ? null : 'Pix key is not valid: use the CPF, CNPJ, email, +55 phone or random key registered with the bank',
        },
        cpf,
      ],
    },
    {
      id: 'bank_account',
      label: 'Bank account',
      fields: [
        accountHolderName,
        digitsField('bank_code', 'Bank code', 3),
        digitsField('branch_code', 'Branch code', 4),
        {
          key: 'account_number',
          label: 'Account number',
          hint: 'Up to 12 digits, with its check digit',
          normalize: (value) => value.replace(/[\s.]/g, '').toUpperCase(),
          check: (value) =>
            /^\d{1,12}(-?[\dX])?$/.test(value.replace(/[\s.]/g, '').toUpperCase())
              ? null
              : 'Account number must be up to 12 digits and its check digit',
        },
        {
          key: 'account_type',
          label: 'Account type',
          options: [
            { value: 'checking', label: 'Checking (conta corrente)' },
            { value: 'savings', label: 'Savings (conta poupança)' },
          ],
          normalize: (value) => value.trim(),
          check: (value) => (['checking', 'savings'].includes(value.trim()) ? null : 'Account type must be checking or savings'),
        },
        cpf,
      ],
    },
  ],
};

const DE: Corridor = {
  country: 'DE',
  currency: 'EUR',
  methods: [{ id: 'bank_account', label: 'Bank account (SEPA)', fields: [accountHolderName, ibanField('DE'), bicField('DE')] }],
};

const JP: Corridor = {
  country: 'JP',
  currency: 'JPY',
  methods: [
    {
      id: 'bank_account',
      label: 'Bank account',
      fields: [
        accountHolderName,
        digitsField('bank_code', 'Bank code', 4),
        digitsField('branch_code', 'Branch code', 3),
        digitsField('account_number', 'Account number', 7),
      ],
    },
  ],
};

const MX: Corridor = {
  country: 'MX',
  currency: 'MXN',
  methods: [
    {
      id: 'bank_account',
      label: 'Bank account (SPEI)',
      fields: [
        accountHolderName,
        {
          key: 'clabe',
          label: 'CLABE',
          hint: '18 digits',
          normalize: digitsOnly,
          check: (value) =>
            !/^\d{18}$/.test(digitsOnly(value))
              ? 'CLABE must be 18 digits, numbers only'
              : isValidClabe(value)
                ? null
                : 'CLABE is not valid: check the digits',
        },
      ],
    },
  ],
};

const PH: Corridor = {
  country: 'PH',
  currency: 'PHP',
  methods: [
    {
      id: 'bank_account',
      label: 'Bank account',
      fields: [accountHolderName, bicField('PH', 'Bank SWIFT code'), digitsField('account_number', 'Account number', 6, 20)],
    },
  ],
};

/** Every corridor Crewpay pays through Nium, by ISO 3166 country code. */
export const CORRIDORS: Readonly<Record<string, Corridor>> = Object.freeze({ GB, IN, BR, DE, JP, MX, PH });
export const corridorCountries = Object.keys(CORRIDORS) as [string, ...string[]];

export const corridorFor = (country: string): Corridor | null => CORRIDORS[country.toUpperCase()] ?? null;

export function corridorMethod(country: string, method: string): CorridorMethod | null {
  return corridorFor(country)?.methods.find((candidate) => candidate.id === method) ?? null;
}

/**
 * Every problem with a payee's bank details for `country` and `method`, each a sentence naming
 * its field ("Sort code is required", "IBAN is not valid: check the digits"), in the form's
 * order; an empty list when they can be sent. An unknown country or method is one problem.
 */
export function checkCorridorFields(options: {
  country: string;
  method: string;
  values: Record<string, string | null | undefined>;
}): CorridorFieldError[] {
  const corridor = corridorFor(options.country);
  if (!corridor) return [{ field: 'country', message: `Payouts to ${countryName(options.country)} are not available` }];
  const method = corridorMethod(options.country, options.method);
  if (!method) return [{ field: 'method', message: `Payout method must be one of: ${corridor.methods.map((m) => m.label).join(', ')}` }];
  const errors: CorridorFieldError[] = [];
  for (const field of method.fields) {
    const value = options.values[field.key]?.trim() ?? '';
    const message = value === '' ? `${field.label} is required` : field.check(value);
    if (message) errors.push({ field: field.key, message });
  }
  return errors;
}

/** The method's fields normalized for keeping and sending (call after checkCorridorFields found nothing). */
export function normalizeCorridorFields(options: {
  country: string;
  method: string;
  values: Record<string, string | null | undefined>;
}): Record<string, string> {
  const method = corridorMethod(options.country, options.method);
  if (!method) throw new RangeError(`No ${options.method} payouts to ${options.country}`);
  return Object.fromEntries(method.fields.map((field) => [field.key, field.normalize(options.values[field.key] ?? '')]));
}
