import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { paymentDetailStatusLabels } from '@crewpay/core';
import { PaymentStatusChip } from './payment-columns.tsx';

describe('PaymentStatusChip', () => {
  it('reads the wallet and tables labels by default', () => {
    render(<PaymentStatusChip status="requires_info" />);
    expect(screen.getByText('Awaiting input')).toBeTruthy();
  });

  it("reads the spec's second set where the detail page asks for it", () => {
    render(
      <>
        <PaymentStatusChip status="requires_info" labels={paymentDetailStatusLabels} />
        <PaymentStatusChip status="processing" labels={paymentDetailStatusLabels} />
        <PaymentStatusChip status="succeeded" labels={paymentDetailStatusLabels} />
      </>,
    );
    for (const label of ['Requires info', 'Processing', 'Succeeded']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.queryByText('Awaiting input')).toBeNull();
  });
});
