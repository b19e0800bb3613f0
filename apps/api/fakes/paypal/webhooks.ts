import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from '../http-fake.ts';
import { PAYPAL_FAKE_PARTNER } from './auth.ts';
import { paypalId } from './money.ts';

type Json = Record<string, unknown>;
const CERT_URL = 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270';
type Transmission = { headers: Record<string, string>; payload: string };

/**
 * PayPal's webhook events and their signature. PayPal signs with its certificate; the fake signs
 * with a key of its own and answers POST /v1/notifications/verify-webhook-signature for it, the
 * check Crewpay's verifier makes, so a body changed in transit fails as it would at PayPal.
 */
export function createWebhooks(options: { now: () => number }) {
  const signingKey = randomBytes(32);
  const pending: Json[] = [];

  const signature = (id: string, time: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${PAYPAL_FAKE_PARTNER.webhookId}|${createHash('sha256').update(body).digest('hex')}`)
      .digest('hex');

  function emit(type: string, resourceType: string, resource: Json) {
    pending.push({
      id: `WH-${paypalId(17)}`,
      event_version: '1.0',
      create_time: new Date(options.now()).toISOString(),
      resource_type: resourceType,
      event_type: type,
      summary: `${type.split('.').at(-1)!.toLowerCase()}`,
      resource: structuredClone(resource),
      links: [],
    });
  }

  /** The event as PayPal transmits it: the body and its transmission headers (tamper: the body changes after signing). */
  function transmit(event: Json, tamper = false): Transmission {
    const payload = JSON.stringify(event);
    const id = randomUUID();
    const time = new Date().toISOString();
    return {
      payload,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': CERT_URL,
        'paypal-transmission-id': id,
        'paypal-transmission-sig': signature(id, time, tamper ? `${payload} ` : payload),
        'paypal-transmission-time': time,
      },
    };
  }

  function verify(request: FakeRequest): FakeAnswer {
    const body = JSON.parse(request.body) as Json;
    const isValid =
      body.webhook_id === PAYPAL_FAKE_PARTNER.webhookId &&
      body.cert_url === CERT_URL &&
      body.auth_algo === 'SHA256withRSA' &&
      body.transmission_sig === signature(String(body.transmission_id), String(body.transmission_time), JSON.stringify(body.webhook_event));
    return { status: 200, body: { verification_status: isValid ? 'SUCCESS' : 'FAILURE' } };
  }

  return { emit, transmit, verify, takeEvents: () => pending.splice(0), pendingCount: () => pending.length };
}
