import { dropboxSignClient, type DropboxSignSettings } from '../clients/dropbox-sign-client.ts';
import { ProviderCallError } from '../contract.ts';
import type { FileStorage } from '../storage/index.ts';
import { EsignRequestError, readAll, refusalMessage } from './builtin.ts';
import { dropboxSignFields } from './dropbox-sign-fields.ts';
import { readPdf } from './pdf.ts';
import type { PdfThreads } from './pdf-thread.ts';
import { sha256 } from './stamp.ts';
import type { EsignEvent, EsignProvider, HostedRequestInput } from './types.ts';

/** The provider name of Dropbox Sign in provider_calls and its callback route, POST /v1/webhooks/dropbox-sign. */
export const DROPBOX_SIGN_PROVIDER = 'dropbox-sign';
/** The one signer role of a template made in Dropbox Sign's editor for Crewpay: the contract's recipient. */
const DROPBOX_SIGN_SIGNER_ROLE = 'Recipient';
/** Our ids in a request's or template's metadata: Dropbox Sign hands them back in every callback. */
export const METADATA = { org: 'crewpay_org_id', contract: 'crewpay_contract_id' } as const;
/** A signed file larger than this is not kept (the 25 MB original plus Dropbox Sign's audit trail). */
const MAX_SIGNED_BYTES = 50_000_000;

type SignatureRequest = {
  signature_request_id: string;
  title?: string;
  is_complete?: boolean;
  is_declined?: boolean;
  metadata?: Record<string, unknown>;
  signatures?: { signer_name?: string | null; signer_email_address?: string; signed_at?: number | null; status_code?: string }[];
};
type Answer = { signature_request: SignatureRequest };

/**
 * Dropbox Sign behind the e-signature interface. A request is sent with the stored PDF and our
 * blocks as its fields (or from a template made in Dropbox Sign's editor, with that template's
 * fields); Dropbox Sign emails the signer and signs on its pages. Its callbacks are read by
 * dropbox-sign-callback.ts; the signed file is fetched from its API, read in the PDF worker within
 * the PDF limits, and stored with the contract. Dropbox Sign takes no idempotency key: a request is
 * sent once per call, and a retry after a lost answer can send a second (docs/decisions.md).
 */
export function createDropboxSignEsign(options: { settings: DropboxSignSettings; storage: FileStorage; pdfThreads: PdfThreads }) {
  const { settings, storage, pdfThreads } = options;
  const client = () => dropboxSignClient(settings);
  const app = { client_id: settings.clientId, test_mode: settings.testMode };

  async function readDocument(key: string) {
    const bytes = await readAll(await storage.read(key));
    const pdf = await readPdf(pdfThreads, bytes);
    if (!pdf.ok) throw new EsignRequestError(refusalMessage(pdf.reason), false);
    return { bytes, pages: pdf.pages };
  }

  async function send(input: Parameters<EsignProvider['createSignatureRequest']>[0] & HostedRequestInput) {
    const document = await readDocument(input.document_key);
    const outside = input.form_fields.find((field) => field.page > document.pages.length);
    if (outside) throw new EsignRequestError(`Signature block ${outside.api_id} is on a page the document does not have`, false);
    const metadata = { [METADATA.org]: input.org_id, [METADATA.contract]: input.contract_id };
    const common = { title: input.title, subject: input.title, metadata, ...app };
    const answer = input.provider_template_id
      ? await client().json<Answer>('POST', '/signature_request/send_with_template', {
          ...common,
          template_ids: [input.provider_template_id],
          signers: [{ role: DROPBOX_SIGN_SIGNER_ROLE, name: input.signer.name, email_address: input.signer.email }],
        })
      : await client().multipart<Answer>('/signature_request/send', {
          ...common,
          files: [{ name: 'contract.pdf', bytes: document.bytes }],
          signers: [{ name: input.signer.name, email_address: input.signer.email }],
          form_fields_per_document: dropboxSignFields(input.form_fields, document.pages),
        });
    return { signature_request_id: answer.signature_request.signature_request_id, page_count: document.pages.length };
  }

  /** The request as Dropbox Sign's API has it, when it is ours: its metadata names the contract. */
  async function requestOf(signatureRequestId: string, contractId: string): Promise<SignatureRequest> {
    const { signature_request: request } = await client().json<Answer>(
      'GET',
      `/signature_request/${encodeURIComponent(signatureRequestId)}`,
    );
    if (request.metadata?.[METADATA.contract] !== contractId)
      throw new ProviderCallError({ code: 'dropbox_sign_request_of_another_contract', retryable: false });
    return request;
  }

  /** The request as Dropbox Sign's API has it: complete, and ours (the metadata names the contract). */
  async function completedRequest(signatureRequestId: string, contractId: string): Promise<SignatureRequest> {
    const request = await requestOf(signatureRequestId, contractId);
    // The all-signed callback can come before the request reads complete: tried again with backoff.
    if (!request.is_complete) throw new ProviderCallError({ code: 'dropbox_sign_request_not_complete', retryable: true });
    return request;
  }

  return {
    name: DROPBOX_SIGN_PROVIDER,
    hostsSigning: true,
    async createSignatureRequest(input) {
      const { org_id, contract_id, signer } = input;
      if (!org_id || !contract_id || !signer) throw new EsignRequestError('Dropbox Sign needs the signer of the request', false);
      return send({ ...input, org_id, contract_id, signer, provider_template_id: input.provider_template_id ?? null });
    },

    /**
     * Fetches the final PDF of a completed request, reads it in the PDF worker and stores it; answers
     * the 'signature_request.signed' event our handler applies, as the built-in service's webhook does.
     */
    async downloadSignedFile(input: {
      org_id: string;
      contract_id: string;
      signature_request_id: string;
      original_sha256: string;
    }): Promise<EsignEvent> {
      const request = await completedRequest(input.signature_request_id, input.contract_id);
      const id = encodeURIComponent(input.signature_request_id);
      const bytes = await client().file(`/signature_request/files/${id}?file_type=pdf`);
      if (bytes.length > MAX_SIGNED_BYTES) throw new ProviderCallError({ code: 'dropbox_sign_signed_file_too_large', retryable: false });
      const pdf = await readPdf(pdfThreads, bytes);
      if (!pdf.ok) throw new ProviderCallError({ code: `dropbox_sign_signed_file_${pdf.reason}`, retryable: false });
      // One key per contract (our uuid, a safe storage key): fetching again (a retried call) writes the same file over itself.
      const signed_key = `esign/dropbox-sign/${input.contract_id}/signed`;
      await storage.put(signed_key, bytes);
      const signature = request.signatures?.[0];
      const signedAt = signature?.signed_at ? new Date(signature.signed_at * 1000) : new Date();
      return {
        id: `${DROPBOX_SIGN_PROVIDER}:${input.signature_request_id}:signed_file`,
        type: 'signature_request.signed',
        org_id: input.org_id,
        object_id: input.signature_request_id,
        data: {
          document_title: request.title ?? '',
          reference: input.signature_request_id,
          signer_name: signature?.signer_name ?? '',
          signer_email: signature?.signer_email_address ?? '',
          signed_at: signedAt.toISOString(),
          signature_type: 'dropbox_sign',
          original_sha256: input.original_sha256,
          signed_key,
          signed_sha256: sha256(bytes),
        },
      };
    },

    /**
     * Confirms with Dropbox Sign's API that a request of this contract was declined: its callback's
     * event_hash covers only the time and type, so a callback's body proves nothing by itself.
     */
    async confirmDeclined(signatureRequestId: string, contractId: string): Promise<void> {
      const request = await requestOf(signatureRequestId, contractId);
      const declined = request.is_declined === true || request.signatures?.some((signature) => signature.status_code === 'declined');
      if (!declined) throw new ProviderCallError({ code: 'dropbox_sign_request_not_declined', retryable: false });
    },

    /** Cancels an unsigned request (the contract was invalidated): its link stops working at Dropbox Sign. */
    async cancelSignatureRequest(signatureRequestId: string): Promise<void> {
      await client().json('POST', `/signature_request/cancel/${encodeURIComponent(signatureRequestId)}`);
    },

    /** Dropbox Sign emails the signer a reminder. */
    async remindSigner(signatureRequestId: string, email: string): Promise<void> {
      await client().json('POST', `/signature_request/remind/${encodeURIComponent(signatureRequestId)}`, { email_address: email });
    },

    /** A template draft opened in Dropbox Sign's embedded editor (edit_url, for hellosign-embedded with our client id). */
    async createEmbeddedTemplate(input: { org_id: string; title: string; file: { name: string; bytes: Buffer } }) {
      if (!settings.clientId) throw new ProviderCallError({ code: 'dropbox_sign_not_configured', retryable: false });
      const answer = await client().multipart<{ template: { template_id: string; edit_url: string; expires_at?: number } }>(
        '/template/create_embedded_draft',
        {
          files: [input.file],
          title: input.title,
          signer_roles: [{ name: DROPBOX_SIGN_SIGNER_ROLE, order: 0 }],
          metadata: { [METADATA.org]: input.org_id },
          ...app,
        },
      );
      return { template_id: answer.template.template_id, edit_url: answer.template.edit_url };
    },
  } satisfies EsignProvider & Record<string, unknown>;
}

export type DropboxSignEsign = ReturnType<typeof createDropboxSignEsign>;
