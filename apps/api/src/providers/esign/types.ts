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

/** What a hosted service (Dropbox Sign) needs beside the document to send a request; the built-in one ignores it. */
export type HostedRequestInput = {
  /** Ours, given to the service as metadata so its events name the organisation and contract they are about. */
  org_id: string;
  contract_id: string;
  signer: { name: string; email: string };
  /** A template created in the service's own editor: its fields are the service's, not our blocks. */
  provider_template_id: string | null;
};

/**
 * An e-signature service (Dropbox Sign, Documenso, or Crewpay's own built-in one). Calls take
 * plain data and an idempotency key, never a transaction (docs/providers.md).
 */
export type EsignProvider = {
  name: string;
  /** A hosted service emails the signer itself and signs on its own pages; the built-in one signs on ours. */
  hostsSigning: boolean;
  /** Prepares a document for signing; the same key answers the same request id. */
  createSignatureRequest(
    input: {
      idempotency_key: string;
      document_key: string;
      title: string;
      form_fields: SignatureField[];
    } & Partial<HostedRequestInput>,
  ): Promise<{ signature_request_id: string; page_count: number }>;
};

/** Crewpay's built-in service: it also signs on our page and signs its own webhooks. */
export type BuiltinEsign = EsignProvider & {
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
