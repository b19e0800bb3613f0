import Papa from 'papaparse';
import { CSV_HEADERS, MAX_BULK_ROWS, creatorMessages } from '@crewpay/core';
import { AppError } from '../../lib/errors.ts';

export type CsvRow = { line: number; values: Record<string, string> };

const signatures: [string, number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['application/zip', [0x50, 0x4b, 0x03, 0x04]],
];

/** What the bytes are when they are not text: a declared text/csv that is really a PDF is refused. */
function sniffBinaryType(bytes: Buffer): string | null {
  for (const [type, signature] of signatures) if (signature.every((byte, index) => bytes[index] === byte)) return type;
  if (bytes.includes(0)) return 'application/octet-stream';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'application/octet-stream';
  }
  return null;
}

/**
 * Reads an uploaded creators CSV: only text/csv (by its declared type and by its content),
 * headers lower-cased, one row per line. The line numbers count the header as line 1.
 */
export function parseCreatorsCsv(options: { mimetype: string; bytes: Buffer }): CsvRow[] {
  const mimetype = options.mimetype.split(';')[0]!.trim().toLowerCase();
  if (mimetype !== 'text/csv') throw new AppError('unsupported_media_type', creatorMessages.invalidFileType(mimetype || 'unknown'));
  const sniffed = sniffBinaryType(options.bytes);
  if (sniffed) throw new AppError('unsupported_media_type', creatorMessages.invalidFileType(sniffed));

  const text = options.bytes.toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
    transform: (value) => value.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  if (!headers.includes('email')) {
    throw new AppError('validation_error', `The file needs an email column. Expected headers: ${CSV_HEADERS.join(', ')}`, { field: 'file' });
  }
  if (parsed.data.length > MAX_BULK_ROWS) {
    throw new AppError('validation_error', `A file may hold at most ${MAX_BULK_ROWS.toLocaleString('en-US')} creators`, { field: 'file' });
  }
  // Papaparse reports each row's position through its cursor; with greedy skipping the line of a
  // row is found from the row index of the non-empty lines.
  const lines = text.split(/\r\n|\n|\r/);
  const dataLines: number[] = [];
  lines.forEach((line, index) => {
    if (index > 0 && line.trim().replace(/,/g, '').length > 0) dataLines.push(index + 1);
  });
  return parsed.data.map((values, index) => ({ line: dataLines[index] ?? index + 2, values }));
}
