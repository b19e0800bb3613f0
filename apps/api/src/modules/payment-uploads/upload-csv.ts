import type { FastifyRequest } from 'fastify';
import { MAX_PAYMENT_UPLOAD_BYTES, MAX_PAYMENT_UPLOAD_ROWS, paymentUploadMessages } from '@crewpay/core';
import { readCsvRecords, sniffBinaryType } from '../../lib/csv-records.ts';
import { AppError } from '../../lib/errors.ts';
import type { UploadCsvRow } from './upload-rows.ts';

const refuse = (message: string) => new AppError('validation_error', message, { field: 'file' });

/** The uploaded file's declared type and bytes: a multipart "file", or a text/csv body. */
async function readFile(request: FastifyRequest): Promise<{ mimetype: string; bytes: Buffer }> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (!file) throw refuse(paymentUploadMessages.chooseFile);
    try {
      return { mimetype: file.mimetype, bytes: await file.toBuffer() };
    } catch (error) {
      // The multipart limit is one byte over the file's: reaching it means the file is too large.
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(paymentUploadMessages.tooLarge);
      throw error;
    }
  }
  if (Buffer.isBuffer(request.body)) return { mimetype: request.headers['content-type'] ?? '', bytes: request.body };
  throw refuse(paymentUploadMessages.notCsv);
}

/**
 * A payments CSV: text/csv by its declared type and by its content (no NUL byte, valid UTF-8,
 * not a PDF or an image), at most 10 MB and 10,000 rows, with a recipient column. Headers are
 * lower-cased; a row's number is its line in the file (the header is row 1), as a spreadsheet shows it.
 */
export async function readPaymentsCsv(request: FastifyRequest): Promise<UploadCsvRow[]> {
  const { mimetype, bytes } = await readFile(request);
  if (mimetype.split(';')[0]!.trim().toLowerCase() !== 'text/csv') throw refuse(paymentUploadMessages.notCsv);
  if (bytes.length > MAX_PAYMENT_UPLOAD_BYTES) throw refuse(paymentUploadMessages.tooLarge);
  if (sniffBinaryType(bytes)) throw refuse(paymentUploadMessages.notCsv);
  const records = readCsvRecords(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  const headers = (records[0]?.cells ?? []).map((header) => header.trim().toLowerCase());
  if (!headers.includes('recipient')) throw refuse(paymentUploadMessages.noRecipientColumn);
  const rows = records.slice(1);
  if (rows.length === 0) throw refuse(paymentUploadMessages.noRows);
  if (rows.length > MAX_PAYMENT_UPLOAD_ROWS) throw refuse(paymentUploadMessages.tooManyRows);
  return rows.map(({ line, cells }) => ({
    line,
    values: Object.fromEntries(headers.map((header, index) => [header, (cells[index] ?? '').trim()])),
  }));
}
