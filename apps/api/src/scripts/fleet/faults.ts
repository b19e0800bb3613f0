// The faults of `npm run fleet`, each while money moves: an API instance and a worker killed
// (SIGKILL) and started again, webhooks delivered to both instances, PostgreSQL restarted under
// running instances, the bucket hanging.
import { randomUUID } from 'node:crypto';
import { createSecretBox } from '../../lib/secrets.ts';
import { sandboxWebhookBody, signSandboxWebhook } from '../../providers/sandbox-events.ts';
import type { SandboxEvent } from '../../db/schema/index.ts';
import { call, eventually, must, untilAnswered } from './client.ts';
import type { Fleet } from './cluster.ts';
import { execute, payUntilAnswered, sendInvoice, type Owner } from './journeys.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two executions of 5,000 payments each at once on one wallet (one of them sent twice, to both
 * instances, with one key), api-1 killed while they run, worker-1 killed once it holds provider
 * calls; both started again.
 */
export async function executeThroughKills(fleet: Fleet, owner: Owner, ids: string[]) {
  const half = Math.floor(ids.length / 2);
  const [first, second] = [ids.slice(0, half), ids.slice(half)];
  const key = randomUUID();
  const started = performance.now();
  const runs = Promise.all([
    execute(fleet, owner, first, { key }),
    execute(fleet, owner, first, { key, base: fleet.apiBases[1] }),
    execute(fleet, owner, second),
  ]);
  await pause(400);
  fleet.kill('api-1');
  console.log(`  api-1 killed (SIGKILL) ${((performance.now() - started) / 1000).toFixed(1)} s into the executions`);
  const [a, duplicate, b] = await runs;
  const seconds = (performance.now() - started) / 1000;
  // The worker dies holding calls: they are made again (same idempotency key) once its lease runs out.
  const claimed = await eventually(
    'provider calls being made',
    async () => {
      const { rows } = await fleet.sql.query<{ count: string }>(
        "SELECT count(*) FROM provider_calls WHERE status = 'pending' AND claimed_until > now()",
      );
      return Number(rows[0]!.count) > 0 ? Number(rows[0]!.count) : undefined;
    },
    60_000,
  ).catch(() => 0);
  fleet.kill('worker-1');
  console.log(`  worker-1 killed (SIGKILL) while ${claimed} provider calls were claimed`);
  await pause(1_000);
  await Promise.all([fleet.start('api-1'), fleet.start('worker-1')]);
  console.log('  api-1 and worker-1 started again');
  return {
    seconds,
    executed: a.body.processing + a.body.requires_info + b.body.processing + b.body.requires_info,
    duplicateAnswer: duplicate.body,
    firstAnswer: a.body,
    attempts: a.attempts + duplicate.attempts + b.attempts,
  };
}

/** Invoices paid twice each at once (one pay request at each instance), api-2 killed half way and started again. */
export async function payInvoicesThroughKill(fleet: Fleet, owner: Owner, count: number) {
  const invoices = [];
  for (let index = 0; index < count; index += 1) invoices.push(await sendInvoice(fleet, owner, index, 10_000 + index));
  const statuses: Record<string, number> = {};
  const pay = async (linkId: string, base: string) => {
    const status = await payUntilAnswered(fleet, linkId, base);
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  const work = invoices.map(async (invoice, index) => {
    if (index === Math.floor(count / 2)) fleet.kill('api-2');
    await Promise.all([pay(invoice.linkId, fleet.apiBases[0]), pay(invoice.linkId, index < count / 2 ? fleet.apiBases[1] : fleet.base)]);
  });
  await Promise.all(work);
  await fleet.start('api-2');
  return { ids: invoices.map((invoice) => invoice.id), statuses };
}

/** Every sandbox webhook the organisation received, delivered again to each instance directly: stored once, applied once. */
export async function redeliverWebhooks(fleet: Fleet, orgId: string) {
  const { rows } = await fleet.sql.query<SandboxEvent>(
    'SELECT * FROM sandbox_events WHERE org_id = $1 AND delivered_at IS NOT NULL ORDER BY id',
    [orgId],
  );
  const secrets = createSecretBox(fleet.secretsKey);
  let answered = 0;
  for (let start = 0; start < rows.length; start += 500) {
    const body = sandboxWebhookBody(rows.slice(start, start + 500));
    for (const base of fleet.apiBases) {
      const response = await fetch(`${base}/v1/webhooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signSandboxWebhook(secrets, body) },
        body,
      });
      await response.text();
      if (!response.ok) throw new Error(`Webhook redelivery to ${base}: ${response.status}`);
      answered += 1;
    }
  }
  return { events: rows.length, deliveries: answered };
}

/** PostgreSQL stopped for a few seconds under running instances: /ready goes down, comes back without restarting them; a job runs after. */
export async function restartPostgres(fleet: Fleet, owner: Owner) {
  const pidsBefore = fleet.pids();
  const restart = fleet.restartPostgres(3_000);
  const down = await eventually(
    'an instance not ready',
    async () => ((await call(fleet, 'GET', '/ready', undefined, { base: fleet.apiBases[0] })).status === 503 ? true : undefined),
    30_000,
  ).catch(() => false);
  await restart;
  const started = performance.now();
  for (const base of fleet.apiBases)
    await eventually(
      `${base} ready again`,
      async () => ((await call(fleet, 'GET', '/ready', undefined, { base })).status === 200 ? true : undefined),
      60_000,
    );
  const readyAfter = (performance.now() - started) / 1000;
  // Work that needs both an instance (the request) and a worker (the job) after the restart.
  const invoice = await sendInvoice(fleet, owner, 9_000, 12_345);
  const payStatus = await payUntilAnswered(fleet, invoice.linkId);
  const email = `after.restart.${Date.now()}@fleet.example`;
  await must(fleet, 'POST', '/v1/users/signup', { email, password: 'Fleet-passw0rd!' });
  await eventually('the sign-up job after the restart', async () => {
    const { rows } = await fleet.sql.query('SELECT 1 FROM emails WHERE "to" = $1', [email]);
    return rows.length > 0 ? true : undefined;
  });
  const samePids = JSON.stringify(fleet.pids()) === JSON.stringify(pidsBefore);
  return { sawNotReady: down, readyAfter, payStatus, invoiceId: invoice.id, samePids };
}

/** The bucket hangs: uploads fail with 503 after their timeout while lists stay fast; connections through the relay stay bounded and close. */
export async function slowBucket(fleet: Fleet, owner: Owner) {
  const customer = await must<{ id: string }>(
    fleet,
    'POST',
    '/v1/customers',
    { name: 'Slow Brand', email: `slow.${Date.now()}@fleet.example` },
    { headers: owner.headers },
  );
  const campaign = await must<{ id: string }>(
    fleet,
    'POST',
    '/v1/campaigns',
    { title: 'Slow bucket', customer_id: customer.id },
    { headers: owner.headers },
  );
  const upload = () => {
    const form = new FormData();
    form.append('payment_group_id', campaign.id);
    form.append('file', new Blob(['creator,posts\nRiley,3\n'], { type: 'text/csv' }), 'posts.csv');
    return call(fleet, 'POST', '/v1/campaign_files', form, { headers: owner.headers });
  };
  fleet.bucketRelay.setSlow(true);
  const uploads = Promise.all(Array.from({ length: 20 }, upload));
  await pause(1_000);
  const listed = await call(fleet, 'GET', '/v1/creators?page_size=50', undefined, { headers: owner.headers });
  let peakConnections = fleet.bucketRelay.open();
  const watch = setInterval(() => (peakConnections = Math.max(peakConnections, fleet.bucketRelay.open())), 100);
  const answers = await uploads;
  clearInterval(watch);
  fleet.bucketRelay.setSlow(false);
  await pause(500);
  const leftOpen = fleet.bucketRelay.open();
  const after = await untilAnswered(
    fleet,
    'POST',
    '/v1/campaign_files',
    (() => {
      const form = new FormData();
      form.append('payment_group_id', campaign.id);
      form.append('file', new Blob(['creator,posts\nRiley,4\n'], { type: 'text/csv' }), 'after.csv');
      return form;
    })(),
    { headers: owner.headers },
  ).then(
    () => 200,
    () => 0,
  );
  return {
    statuses: answers.reduce<Record<number, number>>(
      (counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }),
      {},
    ),
    slowestSeconds: Math.max(...answers.map((answer) => answer.ms)) / 1000,
    listMs: listed.ms,
    listStatus: listed.status,
    peakConnections,
    leftOpen,
    uploadAfter: after,
  };
}
