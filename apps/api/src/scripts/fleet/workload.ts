// The soak's mixed workload: what an agency's staff, its integrations and its payers do, in
// proportions, through the load balancer. Each operation is one request timed under its route.
import { randomUUID } from 'node:crypto';
import { createSecretBox } from '../../lib/secrets.ts';
import type { SandboxEvent } from '../../db/schema/index.ts';
import { sandboxWebhookBody, signSandboxWebhook } from '../../providers/sandbox-events.ts';
import { call, type Answer } from './client.ts';
import type { Fleet } from './cluster.ts';
import { emailedLink, type Owner } from './journeys.ts';

type Operation = { route: string; weight: number; run(): Promise<Answer> };

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** The operations and their shares: reads most, then money writes, invoices and webhooks. */
export function mixedWorkload(fleet: Fleet, owner: Owner, creatorIds: string[]): Operation[] {
  const headers = owner.headers;
  const get = (path: string) => call(fleet, 'GET', path, undefined, { headers });
  const secrets = createSecretBox(fleet.secretsKey);
  return [
    { route: 'GET /v1/creators', weight: 25, run: () => get('/v1/creators?page_size=50') },
    { route: 'GET /v1/creators?search', weight: 15, run: () => get(`/v1/creators?search=First${Math.floor(Math.random() * 2_000)}`) },
    { route: 'GET /v1/creators/:id', weight: 10, run: () => get(`/v1/creators/${pick(creatorIds)}`) },
    { route: 'GET /v1/payments', weight: 10, run: () => get('/v1/payments?tab=all_payments&page_size=50') },
    { route: 'GET /v1/invoices', weight: 5, run: () => get('/v1/invoices') },
    { route: 'GET /v1/dashboard', weight: 10, run: () => get('/v1/dashboard') },
    {
      route: 'POST /v1/payments + PUT /v1/payments/initiate',
      weight: 10,
      async run() {
        const started = performance.now();
        const recipient = pick(creatorIds);
        const draft = await call(
          fleet,
          'POST',
          '/v1/payments',
          [{ recipient, recipient_role: 'creator', earnings: 1_500, split: 100, memo: 'Soak' }],
          {
            headers,
            idempotencyKey: randomUUID(),
          },
        );
        if (draft.status !== 200) return draft;
        const id = (draft.body as { data: { id: string }[] }).data[0]!.id;
        const executed = await call(fleet, 'PUT', '/v1/payments/initiate', { ids: [id] }, { headers, idempotencyKey: randomUUID() });
        return { ...executed, ms: performance.now() - started };
      },
    },
    {
      route: 'POST /v1/invoices + pay by card',
      weight: 8,
      async run() {
        const started = performance.now();
        const email = `soak.${randomUUID()}@fleet.example`;
        const invoice = await call(
          fleet,
          'POST',
          '/v1/invoices',
          { title: 'Soak', description: 'Posts', amount: 5_000, net: 30, email, name: 'Soak Customer' },
          { headers },
        );
        if (invoice.status !== 200) return invoice;
        const linkId = await emailedLink(fleet, email, '/invoices/pay?id=');
        const token = await call(fleet, 'POST', '/v1/sandbox_payments/card_tokens', {
          number: '4242424242424242',
          exp: '12/39',
          cvc: '123',
        });
        if (token.status !== 200) return token;
        const paid = await call(fleet, 'POST', `/v1/expiring_link?id=${encodeURIComponent(linkId)}`, {
          method: 'card',
          payment_method: (token.body as { id: string }).id,
        });
        return { ...paid, ms: performance.now() - started };
      },
    },
    {
      route: 'POST /v1/webhooks/sandbox (a repeat)',
      weight: 7,
      async run() {
        const { rows } = await fleet.sql.query<SandboxEvent>(
          'SELECT * FROM sandbox_events WHERE org_id = $1 AND delivered_at IS NOT NULL ORDER BY random() LIMIT 5',
          [owner.orgId],
        );
        const body = sandboxWebhookBody(rows);
        return call(fleet, 'POST', '/v1/webhooks/sandbox', body, { headers: signSandboxWebhook(secrets, body) });
      },
    },
  ];
}

/** An operation chosen by weight. */
export function chooser(operations: Operation[]): () => Operation {
  const total = operations.reduce((sum, operation) => sum + operation.weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const operation of operations) {
      roll -= operation.weight;
      if (roll < 0) return operation;
    }
    return operations.at(-1)!;
  };
}
