import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../storage/index.ts';
import { pdfLimitMessages } from '@crewpay/core';
import { readPdf, stampPdf, type PdfRefusal } from './pdf.ts';
import type { PdfThreads } from './pdf-thread.ts';
import type { BuiltinEsign } from './types.ts';
import { signEsignWebhook, verifyEsignWebhook } from './webhook.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class EsignRequestError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'EsignRequestError';
  }
}

/** Why the service refuses a document: a limit of docs/security.md by its message, or unreadable. */
export const refusalMessage = (refusal: PdfRefusal) =>
  refusal === 'type' || refusal === 'unreadable' ? 'The document is not a readable PDF' : pdfLimitMessages[refusal];

/**
 * Crewpay's own e-signature service. It keeps its side in file storage under esign/: the
 * prepared document of each request and the signed files, as a hosted service would keep them.
 * Request ids derive from the idempotency key, so a repeated call answers the same request.
 */
export function createBuiltinEsign(options: { storage: FileStorage; webhookSecret: string; pdfThreads: PdfThreads }): BuiltinEsign {
  const { storage, webhookSecret, pdfThreads } = options;
  const requestKey = (id: string) => `esign/${id}`;
  return {
    name: 'crewpay',
    hostsSigning: false,
    async createSignatureRequest(input) {
      const signature_request_id = createHash('sha256').update(`crewpay-esign:${input.idempotency_key}`).digest('hex').slice(0, 32);
      const bytes = await readAll(await storage.read(input.document_key));
      const pdf = await readPdf(pdfThreads, bytes);
      if (!pdf.ok) throw new EsignRequestError(refusalMessage(pdf.reason), false);
      const outside = input.form_fields.find((field) => field.page > pdf.pages.length);
      if (outside)
        throw new EsignRequestError(
          `Signature block ${outside.api_id} is on page ${outside.page} of a ${pdf.pages.length}-page document`,
          false,
        );
      await storage.put(`${requestKey(signature_request_id)}/original`, bytes);
      return { signature_request_id, page_count: pdf.pages.length };
    },
    async signRequest(input) {
      const original = await readAll(await storage.read(`${requestKey(input.signature_request_id)}/original`));
      const signature = input.signature;
      const outcome = await stampPdf(pdfThreads, {
        original,
        title: input.title,
        contract_ref: input.signature_request_id,
        form_fields: input.form_fields,
        signature,
      });
      if (!outcome.ok) throw new EsignRequestError(refusalMessage(outcome.refusal), false);
      const stamped = outcome.value;
      // A key of its own per signing: two racing signatures never overwrite each other's file;
      // the contract keeps the one whose event applied first.
      const signed_key = `${requestKey(input.signature_request_id)}/signed-${randomBytes(8).toString('hex')}`;
      await storage.put(signed_key, Buffer.from(stamped.bytes));
      const event = {
        id: `evt_${randomUUID()}`,
        type: 'signature_request.signed',
        org_id: input.org_id,
        object_id: input.signature_request_id,
        data: { ...stamped.audit, signed_key, signed_sha256: stamped.signed_sha256 },
      };
      const body = JSON.stringify({ events: [event] });
      return { event, webhook: { body, headers: signEsignWebhook(webhookSecret, body) } };
    },
    verifyWebhook: (rawBody, headers) => verifyEsignWebhook(webhookSecret, rawBody, headers),
  };
}

export { readAll };
