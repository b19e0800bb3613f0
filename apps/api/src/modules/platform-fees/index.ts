import type { AnyProviderOperation, ModuleDescriptor } from '../../events/kernel.ts';
import { feeTransferOperation } from './fee-transfers.ts';

// Crewpay's fees moved at the banking provider, from the organisation's account to the platform's (docs/money-flows.md).
export const platformFeesModule: ModuleDescriptor = {
  name: 'platform-fees',
  operations: [feeTransferOperation as unknown as AnyProviderOperation],
};
export { FEE_TRANSFER, feesInFlight, PLATFORM_FEES_PROVIDER, recordFeeTransfer } from './fee-transfers.ts';
