import { LAYOUTS, RECORD_LENGTH, type RecordType } from './layout.ts';

export type FieldValues = Record<string, string | number | undefined>;

/**
 * Publication 1220 takes upper-case ASCII: accents are taken off (José -> JOSE) and anything
 * else the publication does not allow in names and addresses becomes a space, so that every
 * character is one byte and a record stays 750 bytes long.
 */
function fireText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 &\-/.,#']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Digits only (a TIN, a ZIP code, a telephone number). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** An email address stays as written (its case and @), printable ASCII only. */
const emailText = (value: string) => value.replace(/[^\x21-\x7e]/g, '');

function format(kind: 'alpha' | 'numeric', length: number, name: string, value: string | number): string {
  if (kind === 'alpha') {
    const text = name.endsWith('email_address') ? emailText(String(value)) : fireText(String(value));
    return text.slice(0, length).padEnd(length, ' ');
  }
  // Numeric fields: right-justified, zero-filled; money is whole cents with no point.
  if (typeof value === 'number' && (!Number.isSafeInteger(value) || value < 0))
    throw new Error(`FIRE field ${name} takes a whole, non-negative number`);
  const digits = String(value);
  if (!/^\d*$/.test(digits) || digits.length > length) throw new Error(`FIRE field ${name} does not fit ${length} digits`);
  return digits.padStart(length, '0');
}

/** One record: each named field at its positions, the rest blank, CR/LF in 749-750. */
export function writeRecord(type: RecordType, values: FieldValues): string {
  const chars = Array.from({ length: RECORD_LENGTH - 2 }, () => ' ');
  for (const { name, start, length, kind } of LAYOUTS[type]) {
    const value = name === 'record_type' ? type : values[name];
    if (value === undefined || value === '') {
      if (kind === 'numeric') chars.splice(start - 1, length, ...'0'.repeat(length));
      continue;
    }
    chars.splice(start - 1, length, ...format(kind, length, name, value));
  }
  return `${chars.join('')}\r\n`;
}

/** Reads a record back into its named fields (the tests validate the file through this). */
export function readRecord(line: string): { type: RecordType; fields: Record<string, string> } {
  const type = line[0] as RecordType;
  const layout = LAYOUTS[type];
  if (!layout) throw new Error(`Unknown FIRE record type ${JSON.stringify(line[0])}`);
  return {
    type,
    fields: Object.fromEntries(layout.map((field) => [field.name, line.slice(field.start - 1, field.start - 1 + field.length)])),
  };
}
