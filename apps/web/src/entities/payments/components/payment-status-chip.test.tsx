import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { paymentStatusLabels, type PaymentStatus } from '@crewpay/core';
import { PaymentStatusChip } from './payment-columns.tsx';

const expected: [PaymentStatus, string][] = [
  ['draft', 'neutral'],
  ['requires_info', 'warning'],
  ['processing', 'info'],
  ['succeeded', 'success'],
  ['returned', 'error'],
  ['failed', 'error'],
  ['canceled', 'neutral'],
];

describe('PaymentStatusChip', () => {
  it.each(expected)('%s reads its spec label in the %s tone of the shared chip', (status, tone) => {
    render(<PaymentStatusChip status={status} />);
    const chip = screen.getByText(paymentStatusLabels[status]).closest('.MuiChip-root')!;
    expect(chip.getAttribute('data-tone')).toBe(tone);
  });
});
