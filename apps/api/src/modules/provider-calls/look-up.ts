import type { AppDeps } from '../../deps.ts';
import type { ProviderCallContext, ProviderOperation } from './registry.ts';

/** Stripe keeps a key's answer for a day; a lost answer is looked for among the objects of the days before. */
const LOOKUP_DAYS = 3;

/** What a lookup knows: the call's context, and since when (unix seconds) the object it looks for can have been made. */
export type LookUpContext = ProviderCallContext & { since: number };

type LookUpSpec<Request, Response, Found> = Omit<ProviderOperation<Request, Response>, 'provider' | 'lookUp'> & {
  /**
   * Which lookup: the object the provider made for this call, by our key or ids (its metadata).
   * Undefined when the provider's client has no such finder (the sandbox answers in the same
   * database, so its answers are never lost): then nothing is found.
   */
  find(deps: AppDeps, request: Request, ctx: LookUpContext): Promise<Found | null | undefined> | undefined;
  /** What counts as done: the object found, answered as `call` would have (null: not done). Without it, the object itself. */
  done?(found: Found, deps: AppDeps): Response | null;
};

/**
 * An operation made under its idempotency key whose lost answer is looked up before the call
 * fails (docs/decisions.md, "A lost answer is looked up before the call fails"). When to look
 * (the tries ran out on a breakdown) and what a found or a broken lookup comes to is decided once,
 * in run.ts; the operation says only which call, which lookup and what counts as done.
 */
export function withLookUp<Request, Response, Found = Response>(
  spec: LookUpSpec<Request, Response, Found>,
): Omit<ProviderOperation<Request, Response>, 'provider'> {
  const { find, done, ...operation } = spec;
  return {
    ...operation,
    async lookUp(deps, request, ctx) {
      const found = await find(deps, request, { ...ctx, since: Math.floor(Date.now() / 1000) - LOOKUP_DAYS * 86_400 });
      if (found === null || found === undefined) return null;
      // Without `done`, Found is Response (its default): the object found is the answer.
      return done ? done(found, deps) : (found as unknown as Response);
    },
  };
}
