// Crewpay's fees moved at the banking provider, from the organisation's account to the platform's (docs/money-flows.md).
export {
  collectOwedFees,
  FEE_TRANSFER,
  feesOwed,
  feeTransferOperation,
  feesInFlight,
  PLATFORM_FEES_PROVIDER,
  recordFeeTransfer,
} from './fee-transfers.ts';
