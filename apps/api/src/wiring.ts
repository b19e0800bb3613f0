import type { AppDeps } from './deps.ts';
import type { Jobs } from './jobs/jobs.ts';
import { onClockMoved, onDomainEvent, onFundsArrived, onProviderEvent, onReconcile, providerEventHandlerFor } from './events/dispatcher.ts';
import { isActingExpirySet, setActingExpiry } from './plugins/auth.ts';
import { LIVE_PROVIDERS, liveWebhookVerifiers, PROVIDER_EVENT_TYPES } from './providers/index.ts';
import { isSandboxDeliverySet, SANDBOX_PROVIDER, sandboxWebhookVerifier, setSandboxDelivery } from './providers/sandbox-events.ts';
import { dropboxSignWebhookVerifier } from './providers/esign/index.ts';
import { TWILIO_PROVIDER } from './providers/sms/index.ts';
import { accountEvents } from './modules/activation/index.ts';
import { ACCOUNTING_SYNC_JOB, journalEntryOperation, registerAccountingJobs } from './modules/accounting/index.ts';
import {
  EMAIL_CHANGE_JOB,
  endExpiredActing,
  PASSWORD_RESET_JOB,
  PURGE_EXPIRED_SIGN_UPS_JOB,
  registerAuthJobs,
  SIGN_UP_JOB,
} from './modules/auth/index.ts';
import { collectOwedBilling, MONTHLY_BILLING_JOB, registerBillingJobs } from './modules/billing/index.ts';
import {
  cancelSignatureRequestOperation,
  downloadSignedFileOperation,
  dropboxSignEventHandler,
  dropboxSignRequestOperation,
  embeddedTemplateOperation,
  esignWebhookVerifier,
  remindSignerOperation,
  signatureRequestOperation,
  signedEventHandler,
  templateCreatedHandler,
} from './modules/contracts/index.ts';
import {
  DELIVER_EMAIL_BATCH_JOB,
  DELIVER_EMAIL_JOB,
  registerEmailJobs,
  SEND_QUEUED_EMAILS_JOB,
  type MailTransport,
} from './modules/email/index.ts';
import {
  achChargeOperation,
  cardChargeOperation,
  chargeEvents,
  feeRefundOperation,
  INVOICE_DUNNING_JOB,
  INVOICE_SCHEDULES_JOB,
  refundOperation,
  registerInvoiceDunningJobs,
  registerInvoiceScheduleJobs,
  runInvoiceDunning,
  runInvoiceSchedules,
} from './modules/invoices/index.ts';
import { notifyOnDomainEvent } from './modules/notifications/index.ts';
import {
  createPayoutsOperation,
  followDisputeClose,
  holdReleasesOnDispute,
  PAYMENT_SCHEDULES_JOB,
  payoutEvents,
  paypalPollOperation,
  reconcilePayments,
  registerScheduleJobs,
  releasePaidInvoices,
  setPaymentReleaseDeps,
  releaseGatedPayments,
  emailPayeeWhenPaid,
  runDueSchedules,
  setPaymentGateDeps,
} from './modules/payments/index.ts';
import { paypalConsentEvents } from './modules/paypal/index.ts';
import {
  deliverDueSandboxEvents,
  PROVIDER_CALLS_JOB,
  PROVIDER_EVENTS_JOB,
  providerOperationFor,
  providerOutboxProblems,
  registerProviderCallJobs,
  registerProviderOperation,
  registerWebhookVerifier,
  webhookVerifierFor,
  type ProviderOperation,
} from './modules/provider-calls/index.ts';
import { feeTransferOperation } from './modules/platform-fees/index.ts';
import { MISSED_EVENTS_JOB, PROVIDER_CHECK_JOB, registerProviderSyncJobs } from './modules/provider-sync/index.ts';
import { sendSmsOperation, smsStatusEvents } from './modules/sms/index.ts';
import { GENERATE_TAX_DOCUMENTS_JOB, registerTaxJobs } from './modules/taxes/index.ts';
import { bankingEvents, inboundTransferOperation, outboundPaymentOperation } from './modules/treasury/index.ts';
import { registerWebhookJobs, WEBHOOKS_DUE_JOB } from './modules/webhooks/index.ts';

/**
 * The composition root: who listens to what, which provider operations and webhook verifiers
 * exist, which workers run which jobs, in one place. The API, the worker, the tests and the bench
 * all start through wireCrewpay, which refuses to go on when anything is missing; the scripts
 * that only read the books (reconcile) take wireHandlers alone.
 */

/** Every provider operation a module records, under every provider name a call can be recorded with (the sandbox's, the real adapters'). */
const providerOperations: Omit<ProviderOperation<never, unknown>, 'provider'>[] = [
  createPayoutsOperation,
  inboundTransferOperation,
  outboundPaymentOperation,
  cardChargeOperation,
  achChargeOperation,
  refundOperation,
  feeRefundOperation,
];
/** Operations of a provider of their own (QuickBooks; Crewpay's built-in e-signature, a real service, not a sandbox). */
const ownProviderOperations: ProviderOperation<never, unknown>[] = [
  journalEntryOperation,
  signatureRequestOperation,
  feeTransferOperation as unknown as ProviderOperation<never, unknown>,
  paypalPollOperation as unknown as ProviderOperation<never, unknown>,
  // Texts: the sandbox's outbox or Twilio, whichever SANDBOX chooses when the call is made.
  ...[SANDBOX_PROVIDER, TWILIO_PROVIDER].map((provider) => ({ ...sendSmsOperation, provider }) as ProviderOperation<never, unknown>),
  // Dropbox Sign, when ESIGN_PROVIDER chooses it (a contract stays with the service it was sent with).
  ...([
    dropboxSignRequestOperation,
    downloadSignedFileOperation,
    cancelSignatureRequestOperation,
    remindSignerOperation,
    embeddedTemplateOperation,
  ] as unknown as ProviderOperation<never, unknown>[]),
];
const providerEventHandlers = [
  signedEventHandler,
  dropboxSignEventHandler,
  templateCreatedHandler,
  accountEvents,
  bankingEvents,
  payoutEvents,
  chargeEvents,
  smsStatusEvents,
  paypalConsentEvents,
];
const webhookVerifiers = [sandboxWebhookVerifier, ...liveWebhookVerifiers, esignWebhookVerifier, dropboxSignWebhookVerifier];

/** Every queue a module sends to or schedules: each must have its worker. */
const JOB_QUEUES = [
  DELIVER_EMAIL_JOB,
  DELIVER_EMAIL_BATCH_JOB,
  SEND_QUEUED_EMAILS_JOB,
  PROVIDER_CALLS_JOB,
  PROVIDER_EVENTS_JOB,
  ACCOUNTING_SYNC_JOB,
  SIGN_UP_JOB,
  PASSWORD_RESET_JOB,
  EMAIL_CHANGE_JOB,
  PURGE_EXPIRED_SIGN_UPS_JOB,
  MONTHLY_BILLING_JOB,
  WEBHOOKS_DUE_JOB,
  GENERATE_TAX_DOCUMENTS_JOB,
  MISSED_EVENTS_JOB,
  PROVIDER_CHECK_JOB,
  PAYMENT_SCHEDULES_JOB,
  INVOICE_SCHEDULES_JOB,
  INVOICE_DUNNING_JOB,
];

const paymentsMatchTransfers = async (db: Parameters<typeof reconcilePayments>[0]) => {
  const report = await reconcilePayments(db);
  return { checked: report.payments, problems: report.problems };
};

/**
 * The process-wide registries: provider operations and webhook verifiers, provider event
 * handlers, money arriving (billing collects what an organisation owes), domain events (become
 * notifications), the books' reconciliation checks, and the hooks lower layers call up through.
 * Registering again replaces and changes nothing.
 */
export function wireHandlers(options: { publicUrl: string }): void {
  for (const provider of [SANDBOX_PROVIDER, ...LIVE_PROVIDERS])
    for (const operation of providerOperations) registerProviderOperation({ ...operation, provider });
  for (const operation of ownProviderOperations) registerProviderOperation(operation);
  for (const verifier of webhookVerifiers) registerWebhookVerifier(verifier);
  for (const handler of providerEventHandlers) onProviderEvent(handler);
  onFundsArrived(collectOwedBilling);
  // An invoice paid executes the payments it funds under "Release when paid"; a dispute before holds them.
  onFundsArrived(releasePaidInvoices);
  onDomainEvent('payment-releases', holdReleasesOnDispute);
  // A dispute won releases the payments it held (executed by the funds-arrived hook); lost, they stay held.
  onDomainEvent('payment-release-disputes', followDisputeClose);
  // A contract signed or a deliverable approved releases the payments that waited for it.
  onDomainEvent('payment-gates', releaseGatedPayments);
  onReconcile(paymentsMatchTransfers);
  onReconcile(providerOutboxProblems);
  // Every domain event (the ones webhooks deliver) may become a notification and member emails.
  onDomainEvent('notifications', notifyOnDomainEvent({ publicUrl: options.publicUrl }));
  // A payout sent or paid: the payee is told, with the remittance advice (what it pays for).
  onDomainEvent('payee-paid-emails', emailPayeeWhenPaid({ publicUrl: options.publicUrl }));
  setSandboxDelivery(deliverDueSandboxEvents);
  setActingExpiry(endExpiredActing);
  // Moving the sandbox clock (POST /dev/clock/advance) runs what became due at once, as the jobs
  // would at their next minute: scheduled payouts, then recurring invoices, then their reminders.
  onClockMoved('payment-schedules', runDueSchedules);
  onClockMoved('invoice-schedules', runInvoiceSchedules);
  onClockMoved('invoice-dunning', runInvoiceDunning);
}

export type Transports = { email: MailTransport };

/** Registers every job worker (workers run only where deps.jobs runs them); answers the queues it registered. */
export async function registerJobWorkers(deps: AppDeps, transports: Transports): Promise<Set<string>> {
  const registered = new Set<string>();
  const jobs: Jobs = {
    ...deps.jobs,
    register: async (name, handler) => {
      registered.add(name);
      await deps.jobs.register(name, handler);
    },
  };
  const wired = { ...deps, jobs };
  await registerEmailJobs({ db: deps.db, jobs, transport: transports.email });
  await registerProviderCallJobs(wired);
  await registerAccountingJobs(wired);
  await registerAuthJobs(wired);
  await registerBillingJobs({ db: deps.db, jobs });
  await registerWebhookJobs(wired);
  await registerTaxJobs(wired);
  await registerProviderSyncJobs(wired);
  await registerScheduleJobs(wired);
  await registerInvoiceScheduleJobs(wired);
  await registerInvoiceDunningJobs(wired);
  return registered;
}

/** What a process would miss: an event type providers send that no handler applies, an operation, a verifier, a hook, a job worker. */
export function wiringProblems(options: {
  registeredJobs: ReadonlySet<string>;
  eventTypes?: readonly string[];
  jobQueues?: readonly string[];
}): string[] {
  const problems: string[] = [];
  for (const type of options.eventTypes ?? PROVIDER_EVENT_TYPES)
    if (!providerEventHandlerFor(type)) problems.push(`no handler for the provider event ${type}`);
  for (const provider of [SANDBOX_PROVIDER, ...LIVE_PROVIDERS])
    for (const { operation } of providerOperations)
      if (!providerOperationFor(provider, operation)) problems.push(`no provider operation ${provider}/${operation}`);
  for (const { provider, operation } of ownProviderOperations)
    if (!providerOperationFor(provider, operation)) problems.push(`no provider operation ${provider}/${operation}`);
  for (const { provider } of webhookVerifiers) if (!webhookVerifierFor(provider)) problems.push(`no webhook verifier for ${provider}`);
  if (!isSandboxDeliverySet()) problems.push('no delivery of the sandbox webhooks');
  if (!isActingExpirySet()) problems.push('no end of expired acting');
  for (const queue of options.jobQueues ?? JOB_QUEUES)
    if (!options.registeredJobs.has(queue)) problems.push(`no worker for the job ${queue}`);
  return problems;
}

/** Wires the whole process, or throws naming what is missing: a process half wired would lose work quietly. */
export async function wireCrewpay(deps: AppDeps, transports: Transports): Promise<void> {
  wireHandlers({ publicUrl: deps.config.publicUrl });
  setPaymentReleaseDeps(deps);
  setPaymentGateDeps(deps);
  const registeredJobs = await registerJobWorkers(deps, transports);
  const problems = wiringProblems({ registeredJobs });
  if (problems.length > 0) throw new Error(`Crewpay is not wired completely (src/wiring.ts):\n  ${problems.join('\n  ')}`);
}
