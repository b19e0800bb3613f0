import { describe, expect, it } from 'vitest';
import { inFlight } from './in-flight.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('inFlight', () => {
  it('keeps at most `width` items going, and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const results = await inFlight([5, 1, 4, 2, 3, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      for (let wait = 0; wait < item; wait += 1) await tick();
      running -= 1;
      return item * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 60, 70]);
    expect(most).toBe(3);
  });

  it('lets the items already started finish before it throws the first error, and starts no more', async () => {
    const finished: number[] = [];
    const attempt = inFlight([1, 2, 3, 4, 5, 6], 2, async (item) => {
      await tick();
      if (item === 2) throw new Error('two failed');
      await tick();
      finished.push(item);
    });
    await expect(attempt).rejects.toThrow('two failed');
    // Item 1 was under way when 2 failed: it finished, and nothing after 2 was started.
    expect(finished).toEqual([1]);
  });
});
