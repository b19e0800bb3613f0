import { WebhookSignatureError, type ProviderEventInput, type WebhookVerifier } from '../contract.ts';
import { readSenderItemId } from '../payouts/paypal-payouts.ts';
import { PAYPAL_PROVIDER } from '../clients/paypal-client.ts';
import { paypalFor } from '../process-clients.ts';
import { headerValue } from './stripe-events.ts';
import { deniedBatchEvents } from './paypal-batch-events.ts';
import { consentRevokedEvents } from './paypal-consent-events.ts';
import type { PaypalEvent } from './paypal-event.ts';

type Outcome = 'payout.paid' | 'payout.failed' | 'payout.returned' | 'payout.held';

/**
 * A payout item's status (transaction_status, the Payouts API's transaction_enum) as the payout
 * events every rail sends: SUCCESS -> paid; FAILED, BLOCKED and RETURNED (an unclaimed item given
 * back after 30 days, or canceled) -> failed, its money back with the organisation; REFUNDED (the
 * receiver sent it back) and REVERSED (PayPal took it back) after it was paid -> returned;
 * UNCLAIMED and ONHOLD -> held: the money is with PayPal, the payment waits and says why.
 * PENDING says nothing new. The status is read from the item itself, whatever the event's name
 * (PayPal's event list names no event of its own for a reversal).
 */
const BY_STATUS: Record<string, Outcome> = {
  SUCCESS: 'payout.paid',
  FAILED: 'payout.failed',
  BLOCKED: 'payout.failed',
  RETURNED: 'payout.failed',
  REFUNDED: 'payout.returned',
  REVERSED: 'payout.returned',
  UNCLAIMED: 'payout.held',
  ONHOLD: 'payout.held',
};
/** Item events whose item carries no final status of its own: a denied or canceled item pays nobody. */
const BY_EVENT: Record<string, Outcome> = {
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'payout.failed',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'payout.failed',
};

/** An item event's payout event (none for a status that says nothing new); the batch poll reads items through it too. */
export function itemEvents(event: PaypalEvent): ProviderEventInput[] {
  const resource = event.resource;
  const status = resource?.transaction_status ?? '';
  const byEvent = BY_EVENT[event.event_type ?? ''];
  const type = byEvent ?? BY_STATUS[status];
  const ours = readSenderItemId(resource?.payout_item?.sender_item_id ?? '');
  if (!type || !event.id || !resource?.payout_item_id || !ours) return [];
  const eventName = event.event_type?.split('.').at(-1);
  // A canceled item's status is RETURNED, like an unclaimed one PayPal gave back: the event says which.
  const reason =
    type === 'payout.paid'
      ? null
      : type === 'payout.failed'
        ? (resource.errors?.name ?? (byEvent ? eventName : status || eventName))
        : status;
  return [
    {
      id: event.id,
      type,
      org_id: ours.org_id,
      object_id: resource.payout_item_id,
      data: { payment_id: ours.payment_id, ...(reason ? { reason } : {}) },
    },
  ];
}

const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/**
 * POST /v1/webhooks/paypal: PayPal checks its own signature (POST
 * /v1/notifications/verify-webhook-signature with the transmission headers, our webhook's id
 * PAYPAL_WEBHOOK_ID and the event exactly as received); anything but SUCCESS is refused. Item
 * events become payout events; PAYMENT.PAYOUTSBATCH.DENIED fails every payment of the batch;
 * MERCHANT.PARTNER-CONSENT.REVOKED ends the organisation's PayPal connection.
 */
export const paypalWebhookVerifier: WebhookVerifier = {
  provider: PAYPAL_PROVIDER,
  async verify(rawBody, headers, deps) {
    const settings = deps.config.providers.paypal;
    const transmission = Object.fromEntries(
      Object.entries(TRANSMISSION_HEADERS).map(([field, header]) => [field, headerValue(headers, header)]),
    );
    if (!settings.webhookId || !settings.clientId || Object.values(transmission).some((value) => !value)) throw new WebhookSignatureError();
    const event = JSON.parse(rawBody) as PaypalEvent;
    // The event goes back byte for byte: PayPal's check is over the body it sent.
    const request = `${JSON.stringify({ ...transmission, webhook_id: settings.webhookId }).slice(0, -1)},"webhook_event":${rawBody}}`;
    const answer = await paypalFor(deps).request<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
      rawBody: request,
    });
    if (answer.verification_status !== 'SUCCESS') throw new WebhookSignatureError();
    if (event.event_type === 'PAYMENT.PAYOUTSBATCH.DENIED') return deniedBatchEvents(deps, event);
    if (event.event_type === 'MERCHANT.PARTNER-CONSENT.REVOKED') return consentRevokedEvents(deps, event);
    return itemEvents(event);
  },
};
