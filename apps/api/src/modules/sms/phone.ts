/**
 * A phone number as the SMS provider takes it (E.164: +, country code, number), from the ways
 * people write one: "+1 (415) 555-0100", "415-555-0100" (a US number without its +1),
 * "1 415 555 0100". Null when it cannot be a number.
 */
export function toE164(phone: string): string | null {
  const written = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(written)) return null;
  const digits = written.replace(/\D/g, '');
  if (written.startsWith('+')) return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}
