import type { FastifyRequest } from 'fastify';
import { contractMessages, MAX_CONTRACT_PDF_BYTES } from '@crewpay/core';
import { AppError } from '../../lib/errors.ts';
import type { Upload } from './service.ts';

export const contractMultipartLimits = { fileSize: MAX_CONTRACT_PDF_BYTES + 1, files: 1, fields: 20, fieldSize: 200_000 };

/** Reads a multipart body: its text fields and the one `file` (too large reads as the spec's message). */
export async function readContractMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; file?: Upload }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the contract as multipart/form-data', { field: 'file' });
  const fields: Record<string, string> = {};
  let file: Upload | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    } else if (part.fieldname === 'file' && !file) {
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('validation_error', contractMessages.badPdf, { field: 'file' });
        throw error;
      });
      file = { file_name: part.filename, bytes };
    } else {
      part.file.resume();
    }
  }
  return { fields, file: file && file.bytes.length > 0 ? file : undefined };
}

/** A JSON text field (formFields) parsed, or a validation error naming the field. */
export function jsonField(fields: Record<string, string>, name: string): unknown {
  const value = fields[name];
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new AppError('validation_error', `${name} must be a JSON array of signature fields`, { field: name });
  }
}
