import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps.ts';
import { withLookUp, type LookUpContext } from './look-up.ts';

// The helper runs no query and calls no provider itself: the finders below stand for the provider's.
const deps = {} as AppDeps;
const ctx = { call_id: 'call_1', org_id: 'org_1', idempotency_key: 'key_1', subject_id: null, attempt: 3 };
const call = () => Promise.resolve({ provider_id: 'made' });

describe('withLookUp (a lost answer is looked up before the call fails)', () => {
  it('answers the object found as the call would have, and null when the provider has no finder or found nothing', async () => {
    const found = withLookUp<null, { provider_id: string }>({ operation: 'x', call, find: async () => ({ provider_id: 'found' }) });
    const noFinder = withLookUp<null, { provider_id: string }>({ operation: 'x', call, find: () => undefined });
    const none = withLookUp<null, { provider_id: string }>({ operation: 'x', call, find: async () => null });
    expect(await found.lookUp!(deps, null, ctx)).toEqual({ provider_id: 'found' });
    expect(await noFinder.lookUp!(deps, null, ctx)).toBeNull();
    expect(await none.lookUp!(deps, null, ctx)).toBeNull();
  });

  it('leaves what counts as done to the operation: a found "false" is not done', async () => {
    const operation = withLookUp<null, { refunded: true }, boolean>({
      operation: 'x',
      call: async () => ({ refunded: true }),
      find: async (_deps, _request, lookUpCtx) => lookUpCtx.idempotency_key === 'key_1',
      done: (found) => (found ? { refunded: true } : null),
    });
    expect(await operation.lookUp!(deps, null, ctx)).toEqual({ refunded: true });
    expect(await operation.lookUp!(deps, null, { ...ctx, idempotency_key: 'other' })).toBeNull();
  });

  it('looks among the objects of the last three days (a key is kept for one), and keeps call and outcomes as given', async () => {
    let seen: LookUpContext | null = null;
    const onFailed = async () => {};
    const operation = withLookUp<null, { provider_id: string }>({
      operation: 'x',
      call,
      onFailed,
      find: async (_deps, _request, lookUpCtx) => {
        seen = lookUpCtx;
        return null;
      },
    });
    const before = Math.floor(Date.now() / 1000);
    await operation.lookUp!(deps, null, ctx);
    expect(seen).toMatchObject({ ...ctx });
    expect(before - seen!.since).toBeGreaterThanOrEqual(3 * 86_400 - 1);
    expect(before - seen!.since).toBeLessThanOrEqual(3 * 86_400);
    expect(operation).toMatchObject({ operation: 'x', call, onFailed });
    expect(operation).not.toHaveProperty('find');
  });
});
