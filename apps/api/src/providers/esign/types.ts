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

/** The answer to a signature, as the provider's 'signature_request.signed' event carries it. */
export type SignedDocument = {
  event_id: string;
  signature_request_id: string;
  signed_key: string;
  original_sha256: string;
  /** SHA-256 of the stamped pages before the audit page (printed on it). */
  stamped_sha256: string;
  /** SHA-256 of the final file, audit page included (recorded with the contract). */
  signed_sha256: string;
  audit: Record<string, string>;
};

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
    signature_request_id: string;
    document_key: string;
    title: string;
    form_fields: SignatureField[];
    signature: SignatureInput;
  }): Promise<SignedDocument>;
};
