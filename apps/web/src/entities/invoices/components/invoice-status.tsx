import type { InvoiceStatus } from '@crewpay/core';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';

const labels: Record<InvoiceStatus, { label: string; color: StatusTone }> = {
  requires_info: { label: 'Open', color: 'warning' },
  succeeded: { label: 'Paid', color: 'success' },
  canceled: { label: 'Canceled', color: 'neutral' },
};

/** requires_info reads Open, succeeded Paid, canceled Canceled. */
export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const { label, color } = labels[status];
  return <StatusChip label={label} tone={color} outlined={status === 'canceled'} />;
}
