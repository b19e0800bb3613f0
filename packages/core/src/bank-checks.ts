// Checks of bank identifiers that catch a mistyped digit before any money moves. Each takes the
// value as a person typed it and reads it normalized (spaces, dashes and dots removed, upper case).

export const compactBankValue = (value: string): string => value.replace(/[\s.\-/]/g, '').toUpperCase();

/** IBAN length per country (SWIFT's IBAN registry, release 98, 2024). */
const IBAN_LENGTHS_TABLE =
  'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 EE20 EG29 ES24 ' +
  'FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 ' +
  'LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 ' +
  'RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20';
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(IBAN_LENGTHS_TABLE.split(' ').map((entry) => [entry.slice(0, 2), Number(entry.slice(2))])),
);

/** ISO 13616's check: the IBAN with its first four characters moved to the end, letters as 10-35, is 1 modulo 97. */
export function ibanChecksumIsValid(iban: string): boolean {
  const value = compactBankValue(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(value)) return false;
  const rearranged = `${value.slice(4)}${value.slice(0, 4)}`;
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Why an IBAN is refused, or null when it is a well-formed IBAN of `country` with a right checksum. */
export function ibanProblem(iban: string, country: string): 'format' | 'country' | 'length' | 'checksum' | null {
  const value = compactBankValue(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return 'format';
  if (value.slice(0, 2) !== country) return 'country';
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && value.length !== length) return 'length';
  return ibanChecksumIsValid(value) ? null : 'checksum';
}

/** SWIFT/BIC: 4 letters of bank, 2 of country, 2 of location, and an optional 3-character branch. */
export function isValidBic(bic: string, country?: string): boolean {
  const value = compactBankValue(bic);
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value)) return false;
  return country === undefined || value.slice(4, 6) === country;
}

/** CLABE, Mexico's 18-digit account key: its last digit checks the first 17 with weights 3, 7, 1 repeating. */
export function isValidClabe(clabe: string): boolean {
  const value = compactBankValue(clabe);
  if (!/^\d{18}$/.test(value)) return false;
  const weights = [3, 7, 1];
  const sum = [...value.slice(0, 17)].reduce((total, digit, index) => total + ((Number(digit) * weights[index % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

/** CPF, Brazil's individual taxpayer number: 11 digits, the last two check digits modulo 11; all-same digits are not issued. */
export function isValidCpf(cpf: string): boolean {
  const value = cpf.replace(/\D/g, '');
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const check = (length: number) => {
    const sum = [...value.slice(0, length)].reduce((total, digit, index) => total + Number(digit) * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(value[9]) && check(10) === Number(value[10]);
}

/** CNPJ, Brazil's company number: 14 digits, two check digits with weights 5..2,9..2 and 6..2,9..2. */
export function isValidCnpj(cnpj: string): boolean {
  const value = cnpj.replace(/\D/g, '');
  if (!/^\d{14}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const check = (length: number) => {
    const weights = length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...value.slice(0, length)].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(value[12]) && check(13) === Number(value[13]);
}

/** IFSC, an Indian bank branch's code: 4 letters of bank, a zero, 6 letters or digits of branch. */
export const isValidIfsc = (ifsc: string): boolean => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(compactBankValue(ifsc));

/** A UK sort code: 6 digits, written 12-34-56 or 123456. */
export const isValidSortCode = (sortCode: string): boolean => /^\d{6}$/.test(compactBankValue(sortCode));

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'random';

/** Which of Pix's five kinds of key a value is (a CPF, a CNPJ, an email, a +55 phone, a random UUID key), or null. */
export function pixKeyType(key: string): PixKeyType | null {
  const value = key.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 77) return 'email';
  if (/^\+55\d{10,11}$/.test(value.replace(/[\s()-]/g, ''))) return 'phone';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return 'random';
  if (isValidCpf(value) && value.replace(/\D/g, '').length === 11) return 'cpf';
  if (isValidCnpj(value)) return 'cnpj';
  return null;
}
