/**
 * Runs `work` over the items, at most `width` at once, for calls that wait on a network or a disk
 * rather than the CPU. After a throw no item is started; those under way finish (a call is never
 * left half made), then the first error is thrown. Answers the results in the items' order.
 */
export async function inFlight<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let hasFailed = false;
  const lane = async () => {
    while (next < items.length && !hasFailed) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        hasFailed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(width, items.length) }, lane));
  const failed = lanes.find((settled): settled is PromiseRejectedResult => settled.status === 'rejected');
  if (failed) throw failed.reason;
  return results;
}
