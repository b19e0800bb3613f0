import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { ProviderCall } from '../../db/schema/index.ts';

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

/** What a call knows of itself: the key the provider deduplicates on. */
export type ProviderCallContext = { call_id: string; org_id: string; idempotency_key: string; subject_id: string | null; attempt: number };

/** What recording an outcome leaves to do once its transaction has committed (emails it queued go out at once). */
export type OutcomeEffects = { emailIds: string[] };

/**
 * One kind of outside call. `call` runs with no transaction open; `onSucceeded` and `onFailed`
 * record the outcome in a short transaction (the call row is locked, still pending).
 */
export type ProviderOperation<Request = never, Response = unknown> = {
  provider: string;
  operation: string;
  call(deps: AppDeps, request: Request, ctx: ProviderCallContext): Promise<Response>;
  onSucceeded?(tx: Tx, call: ProviderCall, response: Response, effects: OutcomeEffects): Promise<void>;
  onFailed?(tx: Tx, call: ProviderCall, error: ProviderCallError, effects: OutcomeEffects): Promise<void>;
};

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
  /** May ask the provider (PayPal's verify-webhook-signature, a Stripe object the event only names). */
  verify(rawBody: string, headers: WebhookHeaders, deps: AppDeps): ProviderEventInput[] | Promise<ProviderEventInput[]>;
};

const operations = new Map<string, ProviderOperation<never, unknown>>();
const verifiers = new Map<string, WebhookVerifier>();

const operationKey = (provider: string, operation: string) => `${provider}\u0000${operation}`;

/** Registers (or replaces) the operation; done at start, in src/events/wiring.ts. */
export function registerProviderOperation<Request, Response>(operation: ProviderOperation<Request, Response>): void {
  operations.set(operationKey(operation.provider, operation.operation), operation as unknown as ProviderOperation<never, unknown>);
}

export function providerOperationFor(provider: string, operation: string): ProviderOperation<never, unknown> | undefined {
  return operations.get(operationKey(provider, operation));
}

export function registerWebhookVerifier(verifier: WebhookVerifier): void {
  verifiers.set(verifier.provider, verifier);
}

export function webhookVerifierFor(provider: string): WebhookVerifier | undefined {
  return verifiers.get(provider);
}
