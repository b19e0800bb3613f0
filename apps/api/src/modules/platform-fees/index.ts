import type { AnyProviderOperation, ModuleDescriptor } from '../../events/kernel.ts';
import { collectOwedFees, feeTransferOperation } from './fee-transfers.ts';

// Crewpay's fees moved at the banking provider, from the organisation's account to the platform's (docs/money-flows.md).
export const platformFeesModule: ModuleDescriptor = {
  name: 'platform-fees',
  operations: [feeTransferOperation as unknown as AnyProviderOperation],
  // Fees refused for a short financial account are collected first when money lands (docs/money-flows.md).
  fundsArrived: [(deps, orgId) => collectOwedFees(deps.db, orgId)],
};
export { feesOwed, feesInFlight, recordFeeTransfer } from './fee-transfers.ts';
