import { backupWithholdingLabels as labels, type W9Payee } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';

/** A payee's W-9 request in words: not requested, requested on a date, or reminded (and how many times). */
export function W9Status({ payee }: { payee: Pick<W9Payee, 'requests' | 'first_requested_at' | 'last_requested_at'> }) {
  if (payee.requests === 0 || !payee.last_requested_at) return <>{labels.statusNotRequested}</>;
  if (payee.requests === 1) return <>{labels.statusRequested(formatDate(payee.last_requested_at))}</>;
  return <>{labels.statusReminded(formatDate(payee.last_requested_at), payee.requests)}</>;
}
