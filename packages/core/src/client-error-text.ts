// The scrubbing of browser error reports, apart from their schema (client-errors.ts) so the
// browser's error reporter loads no zod.

/** The longest text of each field of a report. */
export const CLIENT_ERROR_LIMITS = { name: 100, message: 500, path: 300, stack: 4000 } as const;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const EMAIL = /[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[a-z]{2,}/gi;
/** Emailed link ids, session tokens, API keys: long runs of letters and digits. */
const TOKEN = /\b[A-Za-z0-9_-]{20,}\b/g;
/** Phone, account, SSN and card numbers, amounts: any run of four digits or more (with separators). */
const NUMBER = /\d[\d ().-]{2,}\d/g;
const QUERY = /\?[^\s#)'"]*/g;
/** A path segment that names one record: a UUID, a link token, a number. */
const ID_SEGMENT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{16,}|\d+)$/i;

/**
 * A text with what could name or reach a person taken out: query strings, email addresses,
 * UUIDs, tokens and numbers of four digits or more; cut to `max` characters.
 */
export function scrubReportText(text: string, max: number = CLIENT_ERROR_LIMITS.message): string {
  return text
    .replace(QUERY, '')
    .replace(EMAIL, '[email]')
    .replace(UUID, ':id')
    .replace(TOKEN, '[token]')
    .replace(NUMBER, '[number]')
    .slice(0, max);
}

/** A path as a pattern: no query or fragment, ids and link tokens as placeholders. */
export function reportPath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/')
    .replace(EMAIL, '[email]')
    .slice(0, CLIENT_ERROR_LIMITS.path);
}

/** A stack line: "at Name (https://host/assets/x.js:1:2)" (Chrome) or "Name@https://host/assets/x.js:1:2" (Firefox, Safari). */
const STACK_LINE = /^\s*(?:at\s+)?([\w$.<>[\] ]*?)\s*[@(]?(?:[a-z]+:\/\/[^/\s]+)?(\/[^\s?#)]*?)(?:[?#][^\s)]*)?:(\d+):(\d+)\)?\s*$/;

/**
 * A stack as source locations only: each frame rebuilt from the function's name and the
 * script's path, line and column; the message line (which repeats the error's text) and
 * anything else are dropped.
 */
export function reportStack(stack: string): string {
  return stack
    .split('\n')
    .flatMap((line) => {
      const match = STACK_LINE.exec(line);
      if (!match) return [];
      const [, name, file, row, column] = match;
      return [`at ${scrubReportText(name || '<anonymous>', 100)} (${reportPath(file ?? '')}:${row}:${column})`];
    })
    .slice(0, 30)
    .join('\n')
    .slice(0, CLIENT_ERROR_LIMITS.stack);
}
