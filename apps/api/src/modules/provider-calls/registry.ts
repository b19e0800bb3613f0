import type { AppDeps } from '../../deps.ts';
import { providerOperationFor as operationIn, webhookVerifierFor as verifierIn, type AnyProviderOperation } from '../../events/kernel.ts';
import type { WebhookVerifier } from '../../providers/contract.ts';

// The kernel declares what an operation is; the modules declare theirs in their descriptors.
export type { OutcomeEffects, ProviderCallContext, ProviderOperation } from '../../events/kernel.ts';

/** The operation this process's kernel has for a call (none: the call fails at once, see run.ts). */
export function providerOperationFor(deps: Pick<AppDeps, 'kernel'>, provider: string, operation: string): AnyProviderOperation | undefined {
  return operationIn(deps.kernel, provider, operation);
}

export function webhookVerifierFor(deps: Pick<AppDeps, 'kernel'>, provider: string): WebhookVerifier | undefined {
  return verifierIn(deps.kernel, provider);
}
