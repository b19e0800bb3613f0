import { describe, expect, it } from 'vitest';
import { createRandomPool } from './random.ts';

describe('createRandomPool', () => {
  it('hands out each byte once, across refills of the pool', () => {
    const random = createRandomPool();
    // 3,000 values of 12 bytes span several 8 KB pools; a repeated IV would show as a duplicate.
    const values = Array.from({ length: 3_000 }, () => random.bytes(12).toString('hex'));
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((value) => value.length === 24)).toBe(true);
  });

  it('draws a large size directly', () => {
    const bytes = createRandomPool().bytes(10_000);
    expect(bytes).toHaveLength(10_000);
    expect(bytes.equals(Buffer.alloc(10_000))).toBe(false);
  });

  it('keeps each pool its own: two pools never hand out the same bytes', () => {
    const [first, second] = [createRandomPool(), createRandomPool()];
    expect(first.bytes(32).equals(second.bytes(32))).toBe(false);
  });
});
