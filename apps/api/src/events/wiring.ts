import { collectOwedBilling } from '../modules/billing/index.ts';
import { applyPayoutEvent, isPayoutEvent, reconcilePayments } from '../modules/payments/index.ts';
import { onFundsArrived, onProviderEvent, onReconcile } from './dispatcher.ts';

const payoutEvents = { handles: isPayoutEvent, apply: applyPayoutEvent };
const paymentsMatchTransfers = async (db: Parameters<typeof reconcilePayments>[0]) => {
  const report = await reconcilePayments(db);
  return { checked: report.payments, problems: report.problems };
};

/**
 * Who listens to what, in one place: payouts' provider events go to payments, money arriving lets
 * billing collect what an organisation owes, and the books' reconciliation checks payments. Called by every process at start (API, worker,
 * tests); registering twice changes nothing.
 */
export function wireModuleEvents(): void {
  onProviderEvent(payoutEvents);
  onFundsArrived(collectOwedBilling);
  onReconcile(paymentsMatchTransfers);
}
