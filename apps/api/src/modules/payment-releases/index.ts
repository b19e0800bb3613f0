import type { ModuleDescriptor } from '../../events/kernel.ts';
import { releaseGatedPayments } from './gate-release.ts';
import { followDisputeClose } from './release-disputes.ts';
import { holdReleasesOnDispute, releasePaidInvoices } from './release-run.ts';

// The payment releases module as other modules see it: what releases the drafts that wait
// ("Release when paid" on an invoice, a gate on a contract or a deliverable), its settings and
// routes. Payments' table of waits (modules/payments/execution-waits.ts) says why a draft waits;
// this module runs them through payments' execution when the wait is over.
export const paymentReleasesModule: ModuleDescriptor = {
  name: 'payment-releases',
  // An invoice paid executes the payments it funds under "Release when paid"; a dispute before holds them.
  fundsArrived: [(deps, orgId) => releasePaidInvoices(deps, orgId)],
  domainEvents: [
    { name: 'payment-releases', handle: (unit, event) => holdReleasesOnDispute(unit.tx, event) },
    // A dispute won releases the payments it held (executed by the funds-arrived hook); lost, they stay held.
    { name: 'payment-release-disputes', handle: (unit, event) => followDisputeClose(unit.tx, event) },
    // A contract signed or a deliverable approved releases the payments that waited for it.
    { name: 'payment-gates', handle: (unit, event) => releaseGatedPayments(unit.deps, unit.tx, event, unit.afterCommit) },
  ],
};
export { paymentReleaseRoutes } from './release-routes.ts';
export { paymentGateRoutes } from './gate-routes.ts';
