/**
 * CSV exports (the server's and the browser's): a cell a spreadsheet would run as a formula is
 * turned into plain text. See https://owasp.org/www-community/attacks/CSV_Injection
 *
 * A cell is formula-like when it starts with a tab or a carriage return, when its first
 * non-space character is = + - or @ (or a look-alike that folds to one under Unicode NFKC:
 * full-width ＝ ＋ － ＠, small ﹦ ﹢ ﹣ ﹫, super/subscript ⁼ ₌ ...), or when a separator a
 * spreadsheet may split on (, ; | tab or a line break) is followed by one of them: `a;=cmd|...`
 * becomes a formula cell where `;` is the delimiter (a DDE trick). Such a cell gets a leading
 * apostrophe, which spreadsheets read as "this is text", and double quotes, which keep it one cell.
 */
const FORMULA_SIGNS = new Set(['=', '+', '-', '@']);
const LEADING_CONTROLS = new Set(['\t', '\r']);
/** The first non-space character (a whole code point). */
const FIRST_VISIBLE = /^\s*(\S)/u;
/** Each separator, with the first non-space character after it (zero-width, so `,;=` sees `;=`). */
const AFTER_SEPARATOR = /[,;|\t\r\n](?=\s*(\S))/gu;
/** Cells holding any of these are quoted: a quote, or a character some spreadsheet splits cells or rows on. */
const NEEDS_QUOTES = /[",;|\t\r\n]/;

const isFormulaSign = (char: string | undefined): boolean => char !== undefined && FORMULA_SIGNS.has(char.normalize('NFKC'));

/** True when a spreadsheet could run (part of) the cell as a formula. */
export function isFormulaLike(cell: string): boolean {
  if (cell.length === 0) return false;
  if (LEADING_CONTROLS.has(cell[0]!)) return true;
  if (isFormulaSign(FIRST_VISIBLE.exec(cell)?.[1])) return true;
  for (const match of cell.matchAll(AFTER_SEPARATOR)) if (isFormulaSign(match[1])) return true;
  return false;
}

/**
 * A cell safe to open in a spreadsheet: formula-like text gets a leading apostrophe, and quotes
 * when it holds a separator or was changed. Numbers are written as they are (-5 is no formula).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const raw = typeof value === 'string' ? value : String(value);
  const neutral = isFormulaLike(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(neutral) || neutral !== raw ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/** A whole CSV document (header row first), each cell through csvCell, CRLF line ends. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}
