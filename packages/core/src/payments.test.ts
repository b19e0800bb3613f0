import { describe, expect, it } from 'vitest';
import { executedMessage } from './payments.ts';

describe('the toast after Execute Payments', () => {
  it("reads the spec's 'Payment is on the way!', the counts on a second line", () => {
    expect(executedMessage({ processing: 2, requires_info: 3 })).toBe(
      'Payment is on the way!\n2 payments on the way, 3 waiting for payout details',
    );
    expect(executedMessage({ processing: 0, requires_info: 1 })).toBe('Payment is on the way!\n1 payment waiting for payout details');
    expect(executedMessage({ processing: 0, requires_info: 0 })).toBe('Payment is on the way!');
  });
});
