import Papa from 'papaparse';

// Reading uploaded CSV files (the creators import, the payments upload): what they are, and their records.

const signatures: [string, number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['application/zip', [0x50, 0x4b, 0x03, 0x04]],
];

/** What the bytes are when they are not text: a declared text/csv that is really a PDF is refused. */
export function sniffBinaryType(bytes: Buffer): string | null {
  for (const [type, signature] of signatures) if (signature.every((byte, index) => bytes[index] === byte)) return type;
  if (bytes.includes(0)) return 'application/octet-stream';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'application/octet-stream';
  }
  return null;
}

const LINE_BREAK = /\r\n|\n|\r/g;
// Lines greedy skipping leaves out: nothing but spaces, tabs and commas.
const BLANK_LINES = /(?:[ \t,]*(?:\r\n|\n|\r))*/y;

/**
 * Every record of the file with the line of the file it starts on. A quoted field may hold
 * line breaks, so a record's line is counted in the text itself (from papaparse's cursor), not
 * from its index: the line a person sees in their editor.
 */
export function readCsvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let previousEnd = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (result) => {
      BLANK_LINES.lastIndex = previousEnd;
      BLANK_LINES.exec(text);
      const start = BLANK_LINES.lastIndex;
      line += (text.slice(previousEnd, start).match(LINE_BREAK) ?? []).length;
      records.push({ line, cells: result.data });
      const end = result.meta.cursor;
      line += (text.slice(start, end).match(LINE_BREAK) ?? []).length;
      previousEnd = end;
    },
  });
  return records;
}
