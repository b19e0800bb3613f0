import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { InvoiceStatus } from '@crewpay/core';
import { InvoiceStatusChip } from './invoice-status.tsx';

describe('InvoiceStatusChip', () => {
  it.each([
    ['requires_info', 'Open', 'warning'],
    ['succeeded', 'Paid', 'success'],
    ['canceled', 'Canceled', 'neutral'],
  ] as [InvoiceStatus, string, string][])('%s reads %s in the %s tone of the shared chip', (status, label, tone) => {
    render(<InvoiceStatusChip status={status} />);
    expect(screen.getByText(label).closest('.MuiChip-root')!.getAttribute('data-tone')).toBe(tone);
  });
});
