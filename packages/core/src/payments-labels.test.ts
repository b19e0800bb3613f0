import { describe, expect, it } from 'vitest';
import { paymentDetailStatusLabels, paymentStatuses, paymentStatusLabels } from './payments-labels.ts';

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

  it("the payment's detail page: the spec's second set, word for word (and Returned and Awaiting approval, which it does not list)", () => {
    const secondSet = ['Draft', 'Requires info', 'Processing', 'Succeeded', 'Canceled', 'Failed'];
    const { returned, awaiting_approval, ...listed } = paymentDetailStatusLabels;
    expect(Object.values(listed).sort()).toEqual([...secondSet].sort());
    expect(returned).toBe('Returned');
    expect(awaiting_approval).toBe('Awaiting approval');
    expect(paymentDetailStatusLabels.requires_info).toBe('Requires info');
    expect(paymentDetailStatusLabels.processing).toBe('Processing');
    expect(paymentDetailStatusLabels.succeeded).toBe('Succeeded');
    for (const status of paymentStatuses) expect(paymentDetailStatusLabels[status]).toBeTruthy();
  });
});
