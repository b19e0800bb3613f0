/**
 * US taxpayer identification numbers as the IRS issues them. A W-9 is refused when its TIN could
 * not have been issued, so a typo is caught while the payee is still on the page rather than by a
 * B-notice a year later.
 */

export const tinMessages = {
  digits: 'Enter the 9 digits of the number',
  ssnArea: 'This SSN cannot be valid: an SSN never starts with 000, 666 or 900-999',
  ssnGroup: 'This SSN cannot be valid: its 4th and 5th digits are never 00',
  ssnSerial: 'This SSN cannot be valid: its last 4 digits are never 0000',
  itinGroup: 'This ITIN cannot be valid: an ITIN starts with 9 and its 4th and 5th digits are 50-65, 70-88, 90-92 or 94-99',
  einPrefix: 'This EIN cannot be valid: the IRS never issues an EIN starting with these 2 digits',
} as const;

/** The 9 digits of a TIN typed with or without hyphens and spaces. */
export const tinDigits = (value: string) => value.replace(/[\s-]/g, '');

const inRanges = (value: number, ranges: readonly [number, number][]) => ranges.some(([low, high]) => value >= low && value <= high);

/** ITIN group digits (4th-5th) the IRS uses. */
const ITIN_GROUPS: [number, number][] = [
  [50, 65],
  [70, 88],
  [90, 92],
  [94, 99],
];

/** EIN prefixes the IRS assigns to its campuses and online issuance (IRS "How EINs are assigned"). */
const EIN_PREFIXES: [number, number][] = [
  [1, 6],
  [10, 16],
  [20, 27],
  [30, 48],
  [50, 68],
  [71, 77],
  [80, 88],
  [90, 95],
  [98, 99],
];

/** Why a SSN or ITIN (the W-9's SSN box takes either) cannot be valid; null when it can. */
export function ssnOrItinProblem(value: string): string | null {
  const digits = tinDigits(value);
  if (!/^\d{9}$/.test(digits)) return tinMessages.digits;
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  if (digits.startsWith('9')) return inRanges(group, ITIN_GROUPS) ? null : tinMessages.itinGroup;
  if (area === 0 || area === 666) return tinMessages.ssnArea;
  if (group === 0) return tinMessages.ssnGroup;
  if (digits.slice(5) === '0000') return tinMessages.ssnSerial;
  return null;
}

/** Why an EIN cannot be valid; null when it can. */
export function einProblem(value: string): string | null {
  const digits = tinDigits(value);
  if (!/^\d{9}$/.test(digits)) return tinMessages.digits;
  return inRanges(Number(digits.slice(0, 2)), EIN_PREFIXES) ? null : tinMessages.einPrefix;
}

/** Whether the 9 digits are an ITIN (a W-9 signer's "SSN" may be one). */
export const isItin = (value: string) => tinDigits(value).startsWith('9');
