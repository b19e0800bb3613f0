import { WebhookSignatureError, type ProviderEventInput, type WebhookVerifier } from '../contract.ts';
import { readSenderItemId } from '../payouts/paypal-payouts.ts';
import { PAYPAL_PROVIDER, paypalClient } from '../clients/paypal-client.ts';
import { headerValue } from './stripe-events.ts';

type PaypalEvent = {
  id?: string;
  event_type?: string;
  resource?: {
    payout_item_id?: string;
    transaction_status?: string;
    payout_item?: { sender_item_id?: string };
    errors?: { name?: string };
  };
};

/**
 * PAYMENT.PAYOUTS-ITEM.* as the sandbox's payout events: SUCCEEDED -> payout.paid; FAILED,
 * BLOCKED, DENIED, CANCELED and RETURNED (an unclaimed item given back) -> payout.failed, the
 * money never left; REFUNDED (the receiver sent it back after it was paid) -> payout.returned.
 * UNCLAIMED, HELD and the rest are steps on the way: stored, nothing to apply.
 */
const OUTCOMES: Record<string, 'payout.paid' | 'payout.failed' | 'payout.returned'> = {
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED': 'payout.paid',
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'payout.failed',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'payout.failed',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'payout.failed',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'payout.failed',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'payout.failed',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED': 'payout.returned',
};

export function paypalDomainEvents(event: PaypalEvent): ProviderEventInput[] {
  const type = OUTCOMES[event.event_type ?? ''];
  const resource = event.resource;
  const ours = readSenderItemId(resource?.payout_item?.sender_item_id ?? '');
  if (!type || !event.id || !resource?.payout_item_id || !ours) return [];
  const reason = type === 'payout.paid' ? null : (resource.errors?.name ?? resource.transaction_status ?? null);
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
 * PAYPAL_WEBHOOK_ID and the event exactly as received); anything but SUCCESS is refused.
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
    const answer = await paypalClient(settings).request<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        rawBody: request,
      },
    );
    if (answer.verification_status !== 'SUCCESS') throw new WebhookSignatureError();
    return paypalDomainEvents(event);
  },
};
