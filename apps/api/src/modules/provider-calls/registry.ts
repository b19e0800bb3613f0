import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { ProviderCall } from '../../db/schema/index.ts';
import type { ProviderCallError, WebhookVerifier } from '../../providers/contract.ts';

/** What a call knows of itself: the key the provider deduplicates on. */
export type ProviderCallContext = { call_id: string; org_id: string; idempotency_key: string; subject_id: string | null; attempt: number };

/**
 * What recording an outcome leaves to do once its transaction has committed: emails it queued go
 * out at once, provider events it stored (a read of the provider's state) are applied through
 * their handlers, as a webhook's are.
 */
export type OutcomeEffects = { emailIds: string[]; eventIds: string[] };

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
  /**
   * After the tries ran out on a breakdown (5xx, timeout): the provider may have done the work and
   * lost its answer, or keep replaying a saved 500 under the key. Looks the object up by our ids
   * (its metadata) and answers it as `call` would have, or null when the provider has none.
   */
  lookUp?(deps: AppDeps, request: Request, ctx: ProviderCallContext): Promise<Response | null>;
};

const operations = new Map<string, ProviderOperation<never, unknown>>();
const verifiers = new Map<string, WebhookVerifier>();

const operationKey = (provider: string, operation: string) => `${provider}\u0000${operation}`;

/** Registers (or replaces) the operation; done at start, in src/wiring.ts. */
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
