import './zod-messages.ts';
import { z } from 'zod';

/**
 * Text rules every input shares. PostgreSQL cannot store the NUL character (U+0000) in text,
 * so a NUL anywhere is refused at the edge with a sentence a person can read.
 */
export const textMessages = {
  nul: 'Text must not contain the NUL character (\\u0000)',
} as const;

export const hasNul = (value: string): boolean => value.includes('\u0000');

/** The dotted path of the first string holding a NUL inside a parsed body, query or params; null if none. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return hasNul(value) ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) return [...path, key].join('.');
      const found = findNul(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The one string schema of every text field: a string (with `message` when it is not one) without NUL characters. */
export const text = (message?: string) =>
  z.string(message ? { error: message } : undefined).refine((value) => !hasNul(value), { message: textMessages.nul, abort: true });

// CSV exports: a cell a spreadsheet would read as a formula is turned into plain text.
// See https://owasp.org/www-community/attacks/CSV_Injection
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

/** True when a spreadsheet would run the cell as a formula. */
export const isFormulaLike = (cell: string): boolean => cell.length > 0 && FORMULA_STARTS.includes(cell[0]!);

/** A cell safe to open in a spreadsheet: formula-like text gets a leading apostrophe, and quotes when needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'string' ? value : String(value);
  const neutral = isFormulaLike(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(neutral) || neutral !== raw ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/** A whole CSV document (header row first), each cell through csvCell, CRLF line ends. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}
