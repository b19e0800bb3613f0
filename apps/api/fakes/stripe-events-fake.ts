import { randomBytes } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from './http-fake.ts';
import { id, invalid, missing, now, signStripePayload, type Json, type StripeRouteModule } from './stripe-core-fake.ts';

/** Stripe keeps events for 30 days: older ones are not listed. */
const RETENTION_SECONDS = 30 * 86_400;

type Endpoint = Json & { id: string; url: string; secret: string; connect: boolean; enabled_events: string[] };

/**
 * Events and webhook endpoints as Stripe documents them: every event is kept and listed by
 * GET /v1/events (newest first; created[gte], starting_after, limit; an account's own events with
 * the Stripe-Account header), webhook endpoints are registered through POST /v1/webhook_endpoints
 * (connect=true for the connected accounts' events; the secret answered once, at creation),
 * updated (POST /v1/webhook_endpoints/:id: other events, the same secret) and listed by GET /v1/webhook_endpoints. When `deliverOverHttp` is on (standalone), each event is
 * posted to the endpoints that want it, signed with their secret, as Stripe does.
 */
const withoutAccount = ({ account: _account, ...event }: Json) => event;

export function createEventsFake(options: { apiVersion: string }) {
  const events: Json[] = [];
  const pending: Json[] = [];
  const endpoints = new Map<string, Endpoint>();
  const delivery = { overHttp: false, log: [] as { event: string; url: string; status: number }[] };
  /** listOmitsAccount: GET /v1/events answers the events without their `account` (nothing promises it there). */
  const faults = { listOmitsAccount: false };

  function emit(type: string, object: Json, account?: string) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: options.apiVersion,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      ...(account ? { account } : {}),
      data: { object: structuredClone(object) },
    };
    events.push(event);
    pending.push(event);
    if (delivery.overHttp) void deliverOverHttp(event);
  }

  const wants = (endpoint: Endpoint, event: Json) =>
    endpoint.connect === Boolean(event.account) &&
    (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(event.type as string));

  async function deliverOverHttp(event: Json) {
    for (const endpoint of endpoints.values()) {
      if (!wants(endpoint, event)) continue;
      const payload = JSON.stringify(event);
      try {
        const answer = await fetch(endpoint.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, endpoint.secret) },
          body: payload,
        });
        delivery.log.push({ event: event.id as string, url: endpoint.url, status: answer.status });
      } catch {
        delivery.log.push({ event: event.id as string, url: endpoint.url, status: 0 });
      }
    }
  }

  function list(request: FakeRequest, account: string | undefined): FakeAnswer {
    const gte = Number(request.query.get('created[gte]') ?? 0);
    const limit = Math.min(Number(request.query.get('limit') ?? 10), 100);
    const after = request.query.get('starting_after');
    const oldest = now() - RETENTION_SECONDS;
    let candidates = events.filter(
      (event) => (event.account as string | undefined) === account && (event.created as number) >= Math.max(gte, oldest),
    );
    candidates = candidates.slice().reverse();
    if (after) {
      const index = candidates.findIndex((event) => event.id === after);
      if (index < 0) return missing('event');
      candidates = candidates.slice(index + 1);
    }
    return {
      status: 200,
      body: {
        object: 'list',
        url: '/v1/events',
        has_more: candidates.length > limit,
        data: candidates.slice(0, limit).map((event) => (faults.listOmitsAccount ? withoutAccount(event) : event)),
      },
    };
  }

  function createEndpoint(params: Json): FakeAnswer {
    if (typeof params.url !== 'string' || !/^https?:\/\//.test(params.url)) return invalid('url', 'url_invalid');
    const enabled = params.enabled_events as string[] | undefined;
    if (!enabled || enabled.length === 0) return invalid('enabled_events');
    const endpoint: Endpoint = {
      id: id('we'),
      object: 'webhook_endpoint',
      url: params.url,
      enabled_events: enabled,
      connect: params.connect === 'true',
      api_version: (params.api_version as string | undefined) ?? null,
      description: (params.description as string | undefined) ?? null,
      status: 'enabled',
      created: now(),
      secret: `whsec_${randomBytes(16).toString('hex')}`,
    };
    endpoints.set(endpoint.id, endpoint);
    return { status: 200, body: { ...endpointView(endpoint), secret: endpoint.secret } };
  }

  /** POST /v1/webhook_endpoints/:id: its events (and description) change; its secret stays. */
  function updateEndpoint(endpointId: string, params: Json): FakeAnswer {
    const endpoint = endpoints.get(endpointId);
    if (!endpoint) return missing('webhook_endpoint');
    const enabled = params.enabled_events as string[] | undefined;
    if (enabled !== undefined) {
      if (enabled.length === 0) return invalid('enabled_events');
      endpoint.enabled_events = enabled;
    }
    if (typeof params.description === 'string') endpoint.description = params.description;
    return { status: 200, body: endpointView(endpoint) };
  }

  // Stripe answers neither the secret (but at creation) nor `connect` (the endpoint's description tells it).
  const endpointView = ({ secret: _secret, connect: _connect, ...endpoint }: Endpoint) => endpoint;

  const module: StripeRouteModule = {
    name: 'events',
    post(request, params) {
      if (request.path === '/v1/webhook_endpoints') return createEndpoint(params);
      const updated = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(request.path)?.[1];
      if (updated) return updateEndpoint(updated, params);
      return null;
    },
    get(request, account) {
      if (request.path === '/v1/events') return list(request, account);
      if (request.path === '/v1/webhook_endpoints')
        return { status: 200, body: { object: 'list', has_more: false, data: [...endpoints.values()].map(endpointView) } };
      return null;
    },
    state: () => ({ events: events.length, webhook_endpoints: [...endpoints.values()].map(endpointView), deliveries: delivery.log }),
  };

  return {
    module,
    emit,
    delivery,
    faults,
    /** The events Stripe would send since the last call, oldest first. */
    takeEvents: () => pending.splice(0),
    /** Moves every stored event back in time (a webhook outage of some days, for the missed-events job). */
    ageEvents(seconds: number) {
      for (const event of events) event.created = (event.created as number) - seconds;
    },
  };
}
