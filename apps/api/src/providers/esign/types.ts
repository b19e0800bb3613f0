import type { SignatureField } from '@crewpay/core';

/** Who signs and how they sign, as the signing page collected it. */
export type SignatureInput = {
  signer_name: string;
  signer_email: string;
  /** typed: the name, set in an italic face; drawn: PNG bytes of the strokes. */
  signature: { type: 'typed'; text: string } | { type: 'drawn'; png: Buffer };
  signed_at: Date;
  ip: string;
  user_agent: string;
};

/** The provider's 'signature_request.signed' event, as its signed webhook carries it. */
export type EsignEvent = { id: string; type: string; org_id: string; object_id: string; data: Record<string, string> };

/**
 * The answer to a signature: the event (data: signed_key, original_sha256, stamped_sha256 of
 * the stamped pages before the audit page, signed_sha256 of the final file, and the audit
 * fields) and its webhook, signed as the provider delivers it to POST /v1/webhooks/:provider.
 */
export type SignedDocument = { event: EsignEvent; webhook: { body: string; headers: Record<string, string> } };

/**
 * An e-signature service (Dropbox Sign, Documenso, or Crewpay's own built-in one). Calls take
 * plain data and an idempotency key, never a transaction (docs/providers.md).
 */
export type EsignProvider = {
  name: string;
  /** Prepares a document for signing; the same key answers the same request id. */
  createSignatureRequest(input: {
    idempotency_key: string;
    document_key: string;
    title: string;
    form_fields: SignatureField[];
  }): Promise<{ signature_request_id: string; page_count: number }>;
  /** Signs a prepared request: stamps each block, appends the audit page, stores the file. */
  signRequest(input: {
    org_id: string;
    signature_request_id: string;
    document_key: string;
    title: string;
    form_fields: SignatureField[];
    signature: SignatureInput;
  }): Promise<SignedDocument>;
  /** Checks a webhook's signature (throws on a bad or stale one) and reads its events. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): EsignEvent[];
};
