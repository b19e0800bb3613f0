// Benchmark of payments (npm run bench): execute one batch of 10,000 payments (PUT
// /v1/payments/initiate) over real HTTP against a fresh database, then reconcile the books.
import os from 'node:os';
import { reconcileLedger } from '../modules/ledger/index.ts';
import { business, representative } from './support/bench-activation.ts';
import { startBenchServer } from './support/bench-server.ts';
import { runDueProviderCalls } from '../modules/provider-calls/index.ts';

const PAYMENTS = 10_000;
async function main(): Promise<void> {
  const { base, database, deps, signUp, stop } = await startBenchServer();

  try {
    let headers: Record<string, string> = {};
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${base}${route}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const session = await signUp('bench@example.com', 'Bench-passw0rd!');
    headers = { 'auth-token': String(session.auth_token) };
    await call('POST', '/v1/org', { name: 'Bench', website: 'https://bench.example' });
    await call('PUT', '/v1/org/plan', { plan: 'standard' });
    await call('POST', '/v1/org/owner', representative);
    await call('POST', '/v1/org/business', business);
    await call('POST', '/v1/treasury/load', { amount: 1_000_000_000 });

    // Half the creators have a bank (their payments start on the ACH rail), half do not (payee links).
    const lines = ['email,first_name,last_name,entity_type,account_number,routing_number'];
    for (let index = 0; index < PAYMENTS; index += 1)
      lines.push(
        `creator.${index}@bench.example,First${index},Last${index},individual,${index % 2 === 0 ? `${10_000_000 + index},110000000` : ','}`,
      );
    const form = new FormData();
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'creators.csv');
    const imported = await fetch(`${base}/v1/creators/bulk`, { method: 'POST', headers, body: form });
    if (!imported.ok) throw new Error(`bulk: ${imported.status} ${await imported.text()}`);
    const creatorIds = (await database.db.execute<{ id: string }>('SELECT id FROM creators')).rows.map((row) => row.id);
    const rows = creatorIds.map((id, index) => ({
      recipient: id,
      recipient_role: 'creator',
      earnings: 1_000 + index,
      split: 100,
      memo: 'Bench',
    }));
    const created = (await call('POST', '/v1/payments', rows)).data as { id: string }[];

    const started = performance.now();
    const result = await call('PUT', '/v1/payments/initiate', { ids: created.map((payment) => payment.id) });
    const seconds = (performance.now() - started) / 1000;
    if (Number(result.processing) + Number(result.requires_info) !== PAYMENTS) throw new Error(`Executed ${JSON.stringify(result)}`);
    // The rails are called after the commit, a thousand payouts a call, with no transaction open.
    const callsStarted = performance.now();
    const calls = await runDueProviderCalls(deps);
    const callSeconds = (performance.now() - callsStarted) / 1000;
    const report = await reconcileLedger(deps);
    if (report.problems.length > 0) throw new Error(`Reconciliation: ${JSON.stringify(report.problems.slice(0, 5))}`);

    console.log(
      `(load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs)`,
    );
    console.log(
      `Execute one batch of ${PAYMENTS.toLocaleString('en-US')} payments (${String(result.processing)} to ACH, ${String(result.requires_info)} awaiting input with payee links): ${seconds.toFixed(2)} s, ${(PAYMENTS / seconds).toFixed(0)} payments per second; the books reconcile`,
    );
    console.log(`Their payouts started in ${calls} provider calls: ${callSeconds.toFixed(2)} s`);
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
