import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PaymentsTotal } from './payments-total.tsx';

describe('PaymentsTotal', () => {
  it('shows pending and completed as one figure, no estimate when none is pending', () => {
    render(<PaymentsTotal totals={{ pending: 10_000, completed: 2_500, pending_estimated: 0 }} />);
    expect(screen.getByText('Total payments $125.00')).toBeTruthy();
    expect(screen.queryByText(/estimate/)).toBeNull();
  });

  it('labels the figure an estimate when pending holds payments entered in another currency', () => {
    render(<PaymentsTotal totals={{ pending: 10_000, completed: 2_500, pending_estimated: 3_164 }} />);
    expect(screen.getByText('Total payments $125.00 (estimate)')).toBeTruthy();
    expect(
      screen.getByText(
        "Includes $31.64 estimated in USD at Nium's rate for payments entered in another currency: Execute's quote fixes it.",
      ),
    ).toBeTruthy();
  });
});
