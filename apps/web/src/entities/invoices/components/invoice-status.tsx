import Chip from '@mui/material/Chip';
import type { InvoiceStatus } from '@crewpay/core';

const labels: Record<InvoiceStatus, { label: string; color: 'warning' | 'success' | 'default' }> = {
  requires_info: { label: 'Open', color: 'warning' },
  succeeded: { label: 'Paid', color: 'success' },
  canceled: { label: 'Canceled', color: 'default' },
};

/** requires_info reads Open, succeeded Paid, canceled Canceled. */
export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const { label, color } = labels[status];
  return <Chip size="small" label={label} color={color} variant={status === 'canceled' ? 'outlined' : 'filled'} />;
}
