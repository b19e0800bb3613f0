import { collectOwedBilling } from '../modules/billing/index.ts';
import { esignWebhookVerifier, signatureRequestOperation, signedEventHandler } from '../modules/contracts/index.ts';
import { createPayoutsOperation, payoutEvents, reconcilePayments } from '../modules/payments/index.ts';
import { deliverDueSandboxEvents, registerProviderOperation, registerWebhookVerifier } from '../modules/provider-calls/index.ts';
import { SANDBOX_PROVIDER, sandboxWebhookVerifier, setSandboxDelivery } from '../providers/sandbox-events.ts';
import { bankingEvents, inboundTransferOperation, outboundPaymentOperation } from '../modules/treasury/index.ts';
import { achChargeOperation, cardChargeOperation, chargeEvents } from '../modules/invoices/index.ts';
import { notifyOnDomainEvent } from '../modules/notifications/index.ts';
import { smsStatusEvents } from '../modules/sms/index.ts';
import { journalEntryOperation } from '../modules/accounting/index.ts';
import { LIVE_PROVIDERS, liveWebhookVerifiers } from '../providers/index.ts';
import { endExpiredActing } from '../modules/auth/acting-expiry.ts';
import { setActingExpiry } from '../plugins/auth.ts';
import { onDomainEvent, onFundsArrived, onProviderEvent, onReconcile } from './dispatcher.ts';

const paymentsMatchTransfers = async (db: Parameters<typeof reconcilePayments>[0]) => {
  const report = await reconcilePayments(db);
  return { checked: report.payments, problems: report.problems };
};

/**
 * Who listens to what, in one place: the provider calls each module makes (docs/providers.md),
 * the providers' webhooks, their events (banking to treasury, payouts to payments), money
 * arriving lets billing collect what an organisation owes, domain events become notifications, and the books' reconciliation checks
 * payments. Called by every process at start (API, worker, tests); registering twice changes nothing.
 */
export function wireModuleEvents(options: { publicUrl?: string } = {}): void {
  // The same operations whichever adapter SANDBOX selects (providers/live): a call runs under the provider it was recorded with.
  for (const provider of [SANDBOX_PROVIDER, ...LIVE_PROVIDERS]) {
    registerProviderOperation({ provider, ...createPayoutsOperation });
    registerProviderOperation({ provider, ...inboundTransferOperation });
    registerProviderOperation({ provider, ...outboundPaymentOperation });
    registerProviderOperation({ provider, ...cardChargeOperation });
    registerProviderOperation({ provider, ...achChargeOperation });
  }
  registerWebhookVerifier(sandboxWebhookVerifier);
  setSandboxDelivery(deliverDueSandboxEvents);
  setActingExpiry(endExpiredActing);
  for (const verifier of liveWebhookVerifiers) registerWebhookVerifier(verifier);
  // Crewpay's built-in e-signature is a real service (not a sandbox): its own provider name and secret.
  registerProviderOperation(journalEntryOperation);
  registerProviderOperation(signatureRequestOperation);
  registerWebhookVerifier(esignWebhookVerifier);
  onProviderEvent(signedEventHandler);
  onProviderEvent(bankingEvents);
  onProviderEvent(payoutEvents);
  onProviderEvent(chargeEvents);
  onProviderEvent(smsStatusEvents);
  onFundsArrived(collectOwedBilling);
  onReconcile(paymentsMatchTransfers);
  // Every domain event (the ones webhooks deliver) may become a notification and member emails.
  onDomainEvent('notifications', notifyOnDomainEvent({ publicUrl: options.publicUrl ?? '' }));
}
