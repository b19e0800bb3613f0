import { timingSafeEqual } from 'node:crypto';
import { decimalToMinor, isCurrencyCode } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { NIUM_PROVIDER } from '../clients/nium-client.ts';
import { WebhookSignatureError, type ProviderEventInput, type WebhookHeaders, type WebhookVerifier } from '../contract.ts';
import { NIUM_TAGS, remittanceEventType, transferStatusOf } from '../payouts/nium-mapping.ts';
import { headerValue } from './stripe-events.ts';

type Json = Record<string, unknown>;
type Tag = { key?: unknown; value?: unknown };

/** The Remit Transaction webhooks' templates and the status each reports. */
const TEMPLATE_STATUS: Record<string, string> = {
  REMIT_TRANSACTION_SENT_TO_BANK_WEBHOOK: 'SENT_TO_BANK',
  REMIT_TRANSACTION_PAID_WEBHOOK: 'PAID',
  REMIT_TRANSACTION_RETURNED_WEBHOOK: 'RETURN',
  REMIT_TRANSACTION_REJECTED_WEBHOOK: 'REJECTED',
  REMIT_TRANSACTION_EXPIRED_WEBHOOK: 'EXPIRED',
  REMIT_TRANSACTION_ERROR_WEBHOOK: 'ERROR',
};

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Nium signs no webhook body (docs.nium.com, Webhooks overview): each carries the static
 * x-partner-key configured at client setup, compared here in constant time, and Nium's
 * published CIDR blocks are allow-listed in front of the route (docs/providers.md).
 */
export function checkNiumPartnerKey(headers: WebhookHeaders, expected: string | undefined): void {
  const given = headerValue(headers, 'x-partner-key');
  if (!expected || !given || !sameSecret(given, expected)) throw new WebhookSignatureError();
}

const tagsOf = (body: Json): Record<string, string> =>
  Object.fromEntries(
    ((body.tags as Tag[] | undefined) ?? [])
      .filter((tag) => typeof tag.key === 'string' && typeof tag.value === 'string')
      .map((tag) => [tag.key as string, tag.value as string]),
  );

/**
 * A Nium webhook as provider events. A Remit Transaction status becomes
 * nium.remittance.<status> (object_id = the systemReferenceNumber; data: payment_id,
 * source_currency/source_amount and destination_currency/destination_amount in minor units,
 * rate, status_details: the same data the sandbox's events carry); a transaction compliance nudge (an RFI raised or
 * answered) becomes nium.remittance.compliance_changed, whose handler reads the payment's RFIs
 * (getRemittance). A status event's id is the payment's reference and status, so a redelivery,
 * or the same status read by the sweep, is the same event; a nudge's is its x-request-id, which
 * Nium keeps on a redelivery. A payment without our tags is not ours: nothing.
 */
export function niumEventsOf(body: Json, requestId: string): ProviderEventInput[] {
  const tags = tagsOf(body);
  const orgId = tags[NIUM_TAGS.org];
  const paymentId = tags[NIUM_TAGS.payment];
  if (!orgId || !paymentId) return [];
  const ids = { payment_id: paymentId, ...(typeof body.externalId === 'string' ? { external_id: body.externalId } : {}) };
  if (body.type === 'TRANSACTION' && typeof body.value === 'string')
    return [
      {
        id: `nium:${body.value}:compliance:${requestId}`,
        type: 'nium.remittance.compliance_changed',
        org_id: orgId,
        object_id: body.value,
        data: ids,
      },
    ];
  const status = TEMPLATE_STATUS[String(body.template)];
  const reference = body.systemReferenceNumber;
  if (!status || typeof reference !== 'string') return [];
  const type = remittanceEventType(transferStatusOf(status));
  return [{ id: `nium:${reference}:${status}`, type, org_id: orgId, object_id: reference, data: { ...ids, ...amountsOf(body) } }];
}

/**
 * The amounts as minor units (text, as event data is): the wallet's side (billing: what left it,
 * or came back) and the payee's (transaction: what the payee receives), with the rate.
 */
function amountsOf(body: Json): Record<string, string> {
  const data: Record<string, string> = {};
  const side = (currencyKey: string, amountKey: string, name: 'source' | 'destination') => {
    const currency = body[currencyKey];
    const amount = body[amountKey];
    if (typeof currency !== 'string' || !isCurrencyCode(currency) || typeof amount !== 'string') return;
    const minor = decimalToMinor(amount, currency);
    if (minor === null) return;
    data[`${name}_currency`] = currency;
    data[`${name}_amount`] = String(minor);
  };
  side('billingCurrency', 'billingAmount', 'source');
  side('transactionCurrency', 'transactionAmount', 'destination');
  if (typeof body.exchangeRate === 'string') data.rate = body.exchangeRate;
  if (typeof body.statusDetails === 'string') data.status_details = body.statusDetails;
  return data;
}

/** POST /v1/webhooks/nium (registered with the rest of Nium's wiring, a later wave). */
export const niumWebhookVerifier: WebhookVerifier = {
  provider: NIUM_PROVIDER,
  verify(rawBody: string, headers: WebhookHeaders, deps: AppDeps) {
    checkNiumPartnerKey(headers, deps.config.providers.nium.webhookPartnerKey);
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return [];
    }
    const requestId = headerValue(headers, 'x-request-id') ?? '';
    return body && typeof body === 'object' && !Array.isArray(body) ? niumEventsOf(body as Json, requestId) : [];
  },
};
