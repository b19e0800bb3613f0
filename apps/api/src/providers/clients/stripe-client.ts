import Stripe from 'stripe';
import type { ProviderSettings } from '../../config.ts';
import { ProviderCallError } from '../contract.ts';

export type StripeSettings = ProviderSettings['stripe'];

/** The provider name of Stripe's adapters in provider_calls, and of its webhook route POST /v1/webhooks/stripe. */
export const STRIPE_PROVIDER = 'stripe';

/**
 * The official client, aimed at STRIPE_API_BASE (tests point it at a local fake). Its own
 * retries are off: the provider-calls outbox retries with backoff and the same idempotency key.
 * A process keeps one per account in its kernel (providers/process-clients.ts); a one-off
 * script makes its own.
 */
export function newStripeClient(settings: StripeSettings): Stripe {
  const { secretKey, apiBase } = settings;
  if (!secretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: 30_000,
    telemetry: false,
  });
}

/** A Retry-After header (seconds, or an HTTP date) in milliseconds. */
export function retryAfterMs(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Stripe's errors as the outbox understands them: throttling (429), Stripe's own failures (5xx)
 * and the network are tried again; a refusal (a declined card, a bad request) is final. The
 * code is Stripe's (decline_code first), never its message.
 */
export function stripeCallError(error: unknown): ProviderCallError {
  if (error instanceof ProviderCallError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const retryable = error instanceof Stripe.errors.StripeConnectionError || status === 429 || status >= 500 || status === 409;
    const code = error.decline_code ?? error.code ?? (status === 429 ? 'rate_limited' : status >= 500 ? 'stripe_unavailable' : error.type);
    return new ProviderCallError({ code, retryable, retryAfterMs: retryAfterMs(error.headers?.['retry-after']) });
  }
  return new ProviderCallError({ code: 'stripe_unreachable', retryable: true });
}

/** Runs one Stripe request, turning its failure into a ProviderCallError. */
export async function callStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw stripeCallError(error);
  }
}
