import { CSV_HEADERS, MAX_BULK_ROWS, creatorMessages } from '@crewpay/core';
import { readCsvRecords, sniffBinaryType } from '../../lib/csv-records.ts';
import { AppError } from '../../lib/errors.ts';

export type CsvRow = { line: number; values: Record<string, string> };

/**
 * Reads an uploaded creators CSV: only text/csv (by its declared type and by its content),
 * headers lower-cased. Line numbers are the file's own lines (the header is line 1).
 */
export function parseCreatorsCsv(options: { mimetype: string; bytes: Buffer }): CsvRow[] {
  const mimetype = options.mimetype.split(';')[0]!.trim().toLowerCase();
  if (mimetype !== 'text/csv') throw new AppError('unsupported_media_type', creatorMessages.invalidFileType(mimetype || 'unknown'));
  const sniffed = sniffBinaryType(options.bytes);
  if (sniffed) throw new AppError('unsupported_media_type', creatorMessages.invalidFileType(sniffed));

  const text = options.bytes.toString('utf8').replace(/^\uFEFF/, '');
  const records = readCsvRecords(text);
  const headers = (records[0]?.cells ?? []).map((header) => header.trim().toLowerCase());
  if (!headers.includes('email')) {
    throw new AppError('validation_error', `The file needs an email column. Expected headers: ${CSV_HEADERS.join(', ')}`, {
      field: 'file',
    });
  }
  const rows = records.slice(1);
  if (rows.length > MAX_BULK_ROWS) {
    throw new AppError('validation_error', `A file may hold at most ${MAX_BULK_ROWS.toLocaleString('en-US')} creators`, { field: 'file' });
  }
  return rows.map(({ line, cells }) => ({
    line,
    values: Object.fromEntries(headers.map((header, index) => [header, (cells[index] ?? '').trim()])),
  }));
}
