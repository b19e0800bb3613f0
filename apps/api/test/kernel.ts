import type { AppDeps } from '../src/deps.ts';
import type { AnyProviderOperation, ProviderOperation } from '../src/events/kernel.ts';

/**
 * Puts `operation` in place of the one this test process's kernel has under its provider and
 * name (a test's stand-in for a rail); answers what puts the real one back. The kernel is the
 * test file's own (test/context.ts), so no other file's process sees the change.
 */
export function replaceOperation<Request, Response>(deps: AppDeps, operation: ProviderOperation<Request, Response>): () => void {
  const operations = deps.kernel.operations as Map<string, AnyProviderOperation>;
  const key = [...operations.keys()].find((candidate) => candidate === `${operation.provider}\u0000${operation.operation}`);
  if (!key) throw new Error(`The kernel has no operation ${operation.provider}/${operation.operation} to replace`);
  const real = operations.get(key)!;
  operations.set(key, operation as unknown as AnyProviderOperation);
  return () => void operations.set(key, real);
}
