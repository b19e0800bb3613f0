// The ledger module as other modules see it.
export { ensureLedgerAccounts, findBalances, findCurrencyAccounts, findLedgerAccounts, type WalletAccounts } from './accounts.ts';
export { holdFunds, releaseHold } from './holds.ts';
export { postTransfer, type LedgerEntryInput } from './post-transfer.ts';
export { reconcileLedger } from './reconcile.ts';
export {
  arrivedMoneyEntries,
  balancePayoutEntries,
  debitedEntries,
  freezeEntries,
  invoicePaidEntries,
  invoicePaidFxEntries,
  feeReturnedEntries,
  givenBackEntries,
  outgoingMoneyEntries,
  paypalPayoutEntries,
  paypalSentEntries,
  paypalSyncEntries,
  refundedEntries,
  takenBackEntries,
  throughFx,
  type OutgoingOutcome,
  niumFailedEntries,
  niumFundingEntries,
  niumHoldEntries,
  niumHoldMovedEntries,
  niumPaidEntries,
  niumReturnedEntries,
  niumSentEntries,
  taxWithheldEntries,
} from './recipes.ts';
export { campaignCashflowTotals, cashflowBuckets } from './cashflow.ts';
