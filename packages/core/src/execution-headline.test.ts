import { describe, expect, it } from 'vitest';
import { executionHeadline } from './payment-execution.ts';

describe('executionHeadline', () => {
  it('names the total with fees when nothing is withheld', () => {
    expect(executionHeadline({ count: 1, amount: 25_000, fees: 275 })).toEqual({
      headline: 'Execute 1 payment for $252.75?',
      figures: 'Payments $250.00 · Fees $2.75',
    });
  });

  it('names the whole amount, the tax withheld and what the payees receive, the figures adding up to what leaves the balance', () => {
    // Two payments of $500.00, 24% withheld from each: the preview's amount is what the payees receive.
    const { headline, figures } = executionHeadline({ count: 2, amount: 76_000, fees: 550, backup_withholding: { withheld: 24_000 } });
    expect(headline).toBe('Execute 2 payments for $1,000.00 — $240.00 withheld for backup withholding, payees receive $760.00');
    expect(figures).toBe('Payments $1,000.00 · Withheld $240.00 · Fees $5.50 · From your balance $1,005.50');
  });

  it('says "payee receives" of one payment', () => {
    expect(executionHeadline({ count: 1, amount: 7_600, fees: 0, backup_withholding: { withheld: 2_400 } }).headline).toBe(
      'Execute 1 payment for $100.00 — $24.00 withheld for backup withholding, payee receives $76.00',
    );
  });

  it('says nothing of withholding when the preview kept nothing back', () => {
    expect(executionHeadline({ count: 3, amount: 3_000, fees: 0, backup_withholding: { withheld: 0 } }).headline).toBe(
      'Execute 3 payments for $30.00?',
    );
  });
});
