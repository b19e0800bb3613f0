import type { AnyProviderOperation, ModuleDescriptor } from '../../events/kernel.ts';
import { underProviders } from '../../events/kernel.ts';
import { RAILS_PROVIDERS } from '../../providers/index.ts';
import { payoutEvents } from './events.ts';
import { niumTransferOperation } from './nium-calls.ts';
import { niumRemittanceEvents, sweepAbroadPayouts } from './nium-events.ts';
import { NIUM_PROVIDER } from '../../providers/payouts/index.ts';
import { SANDBOX_PROVIDER } from '../../providers/sandbox-events.ts';
import { createPayoutsOperation } from './payout-calls.ts';
import { paypalPollOperation } from './paypal-poll.ts';
import { reconcilePayments } from './reconcile.ts';

/** The sweep of payments abroad whose webhooks never came (nium-events.ts). */
const ABROAD_SWEEP_JOB = 'payments.abroad-sweep';

// The payments module as other modules see it.
export const paymentsModule: ModuleDescriptor = {
  name: 'payments',
  operations: [
    ...underProviders(RAILS_PROVIDERS, createPayoutsOperation),
    paypalPollOperation as unknown as AnyProviderOperation,
    ...underProviders([SANDBOX_PROVIDER, NIUM_PROVIDER], niumTransferOperation),
  ],
  providerEvents: [payoutEvents, niumRemittanceEvents],
  queues: [ABROAD_SWEEP_JOB],
  // Every 5 minutes, payments abroad quiet for 15 are read from Nium (missed webhooks), in the sandbox or live.
  jobs: [{ queue: ABROAD_SWEEP_JOB, cron: '*/5 * * * *', run: (deps) => sweepAbroadPayouts(deps) }],
  // Moving the sandbox clock reads the payments abroad quiet for a while from Nium (missed webhooks).
  clockWork: [{ name: 'payments-abroad-sweep', run: sweepAbroadPayouts }],
  reconcileChecks: [
    async (db) => {
      const report = await reconcilePayments(db);
      return { checked: report.payments, problems: report.problems };
    },
  ],
};
export { loadRecipients, recipientName } from './recipients.ts';
// What the payees module (modules/payees) starts the payouts that waited for a payee's details through.
export { payoutDestination } from './recipients.ts';
export { startPayouts } from './payouts.ts';
export { createPayoutsOperation, type PayoutCallRequest } from './payout-calls.ts';
export { paymentRoutes } from './routes.ts';
export { abroadPaymentRoutes } from './nium-routes.ts';
export {
  BACKUP_WITHHOLDING_RATE,
  findBackupWithholding,
  isBackupWithholdingOn,
  setBackupWithholding,
} from './backup-withholding-records.ts';
// What a CSV upload (modules/payment-uploads) commits through: the same draft math as POST /v1/payments.
export { computeForOrg, toDraftValues } from './create.ts';
// ...and a row entered in its payee's currency is checked and estimated in USD as POST /v1/payments does.
export {
  applyEntryCurrencies,
  checkEntryAmounts,
  entryRates,
  isEntryProblem,
  usdEarnings,
  type EntryAmount,
  type EntryProblem,
  type EntryRates,
} from './fx-amounts.ts';
// What the payment releases module (modules/payment-releases) reads and runs when a wait is over.
export { executeInSavepoint } from './execute-savepoint.ts';
export { gateReasons } from './gates.ts';
export { assertNotDecidedByOther } from './decided-drafts.ts';
// What the payment schedules module (modules/payment-schedules) reads: why a draft waits, and its money held.
export { draftWaitReasons } from './execution-waits.ts';
export { PAYMENTS_HELD_EVENT } from './execution-hold.ts';
// What the approvals module (modules/approvals) decides with: the rules, the held payment's sending.
export { readApprovalRules } from './approval-rules.ts';
export { amountEditedBy } from './edit.ts';
export { sendHeldPayments } from './execute.ts';
export { destinationsFor } from './payouts.ts';
export { isPaypalMethod } from './paypal-money.ts';
export { returnWithheldTax } from './withheld-tax.ts';
