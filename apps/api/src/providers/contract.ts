import type { AppDeps } from '../deps.ts';

/**
 * What every provider adapter and the provider-calls outbox agree on (docs/providers.md): the
 * error an adapter throws, the events a webhook turns into, the verifier of one provider's webhooks.
 */

/**
 * A provider's refusal or breakdown. Retryable ones (network, 429, 5xx) are tried again with
 * backoff; the others end the call in the operation's onFailed. `code` is what we record: never
 * a message that could carry personal data.
 */
export class ProviderCallError extends Error {
  readonly retryable: boolean;
  readonly code: string;
  /** How long the provider asked us to wait (a 429's or 503's Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(options: { code: string; retryable: boolean; message?: string; retryAfterMs?: number }) {
    super(options.message ?? options.code);
    this.name = 'ProviderCallError';
    this.code = options.code;
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** An event as a provider reports it, once its webhook has been verified. */
export type ProviderEventInput = { id: string; type: string; org_id: string; object_id: string; data: Record<string, string> };

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** Thrown by a verifier when the signature is missing, wrong or stale. */
export class WebhookSignatureError extends Error {
  constructor() {
    super('Invalid signature');
    this.name = 'WebhookSignatureError';
  }
}

/**
 * Checks a provider's webhook and turns its body into events; throws WebhookSignatureError on a
 * bad signature. `sandboxOnly` verifiers are refused outside the sandbox.
 */
export type WebhookVerifier = {
  provider: string;
  sandboxOnly?: boolean;
  /** The text/plain body the provider wants in the 200 answer (Dropbox Sign's); others get the JSON count. */
  acknowledgement?: string;
  /** May ask the provider (PayPal's verify-webhook-signature, a Stripe object the event only names). */
  verify(rawBody: string, headers: WebhookHeaders, deps: AppDeps): ProviderEventInput[] | Promise<ProviderEventInput[]>;
};
