import { describe, expect, it } from 'vitest';
import { executionMessage, type ExecutionOutcomes } from './payment-execution.ts';

const none = { count: 0, amount: 0, fees: 0 };
const outcomes = (parts: Partial<ExecutionOutcomes>): ExecutionOutcomes => ({
  sent: none,
  needs_payout_details: none,
  held_for_approval: { ...none, approver_roles: [] },
  waiting: { ...none, reasons: [] },
  ...parts,
});

describe('the Execute answer in words', () => {
  it("is the spec's toast when everything was sent, the counts otherwise", () => {
    expect(executionMessage(outcomes({ sent: { count: 2, amount: 1, fees: 0 } }))).toBe('Payment is on the way!');
    expect(
      executionMessage(outcomes({ sent: { count: 2, amount: 1, fees: 0 }, needs_payout_details: { count: 3, amount: 1, fees: 0 } })),
    ).toBe('Payment is on the way!\n2 payments on the way, 3 waiting for payout details');
  });

  it('never says money is on the way when a payment is only held for approval', () => {
    const held = (count: number, approver_roles: ('owner' | 'admin')[]) =>
      executionMessage(outcomes({ held_for_approval: { count, amount: 1, fees: 0, approver_roles } }));
    expect(held(1, ['owner'])).toBe('1 payment is held for approval by an owner');
    expect(held(2, ['owner', 'admin'])).toBe('2 payments are held for approval by an owner or admin');
    expect(held(1, [])).toBe('1 payment is held for approval by another owner or admin');
    expect(held(1, ['admin'])).not.toContain('on the way');
  });

  it('names each reason to wait once, and says nothing was executed when everything waits', () => {
    const reason = 'Waits for invoice INV-1 to be paid';
    const waiting = { count: 2, amount: 1, fees: 0, reasons: [{ kind: 'invoice' as const, reason, count: 2 }] };
    expect(executionMessage(outcomes({ waiting }))).toBe(
      `None of these payments was executed: they wait for their release\n2 waiting: ${reason}`,
    );
    expect(executionMessage(outcomes({ sent: { count: 1, amount: 1, fees: 0 }, waiting }))).toBe(
      `Payment is on the way!\n1 payment on the way\n2 waiting: ${reason}`,
    );
  });
});
