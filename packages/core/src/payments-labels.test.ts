import { describe, expect, it } from 'vitest';
import { paymentStatuses, paymentStatusLabels } from './payments-labels.ts';

describe('payment status labels', () => {
  it("wallet and tables: the spec's first set", () => {
    expect(paymentStatuses.map((status) => paymentStatusLabels[status])).toEqual([
      'Draft',
      'Awaiting input',
      'Pending',
      'Posted',
      'Canceled',
      'Returned',
      'Failed',
      // Not in the spec: a payment held for Settings > Approvals.
      'Awaiting approval',
    ]);
  });
});
