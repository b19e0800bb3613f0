// Benchmark of payments abroad (npm run bench): in one run, on one fresh database, 10,000 payments
// in USD (ACH) executed and reconciled, then 10,000 payments in 8 currencies (USD by ACH and GBP,
// INR, BRL, EUR, JPY, MXN, PHP through the Nium sandbox: quoted, the quotes locked, executed, their
// transfers made, the books reconciled per currency), each time beside the other.
import { inArray, sql } from 'drizzle-orm';
import { payeeAbroadSchema } from '@crewpay/core';
import { creators } from '../db/schema/index.ts';
import { reconcileLedger } from '../modules/ledger/index.ts';
import { savePayeeAbroad } from '../modules/nium/index.ts';
import { runDueProviderCalls } from '../modules/provider-calls/index.ts';
import { business, representative } from './support/bench-activation.ts';
import { startBenchServer, type BenchServer } from './support/bench-server.ts';
import { reportFigures } from './support/results.ts';

/** BENCH_PAYMENTS sets a smaller batch to compare two versions quickly (the goals are for 10,000). */
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 10_000);
/** The corridors of the 8-currency batch, one payee's valid details each; every 8th payee is paid in USD by ACH. */
const CORRIDORS = [
  {
    country: 'GB',
    method: 'bank_account',
    fields: { account_holder_name: 'Ada Lovelace', sort_code: '12-34-56', account_number: '31926819' },
  },
  {
    country: 'IN',
    method: 'bank_account',
    fields: { account_holder_name: 'Ravi Kumar', ifsc: 'SBIN0000058', account_number: '123456789012' },
  },
  { country: 'BR', method: 'pix', fields: { account_holder_name: 'Ana Souza', pix_key: 'ana@example.com.br', cpf: '529.982.247-25' } },
  {
    country: 'DE',
    method: 'bank_account',
    fields: { account_holder_name: 'Jonas Weber', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  },
  {
    country: 'JP',
    method: 'bank_account',
    fields: { account_holder_name: 'Yuki Tanaka', bank_code: '0001', branch_code: '001', account_number: '1234567' },
  },
  { country: 'MX', method: 'bank_account', fields: { account_holder_name: 'María López', clabe: '032180000118359719' } },
  { country: 'PH', method: 'bank_account', fields: { account_holder_name: 'Jose Rizal', bic: 'BOPIPHMM', account_number: '1234567890' } },
].map((details) => payeeAbroadSchema.parse(details));

type Call = (method: string, route: string, body?: unknown) => Promise<Record<string, unknown>>;
const seconds = (started: number) => (performance.now() - started) / 1000;

/** Creators imported by CSV (`prefix`: their emails), those `withBank` given a US bank; answers their ids in order. */
async function importCreators(server: BenchServer, headers: Record<string, string>, prefix: string, withBank: (index: number) => boolean) {
  const lines = ['email,first_name,last_name,entity_type,account_number,routing_number'];
  for (let index = 0; index < PAYMENTS; index += 1)
    lines.push(
      `${prefix}.${index}@bench.example,First${index},Last${index},individual,${withBank(index) ? `${20_000_000 + index},110000000` : ','}`,
    );
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), `${prefix}.csv`);
  const imported = await fetch(`${server.base}/v1/creators/bulk`, { method: 'POST', headers, body: form });
  if (!imported.ok) throw new Error(`bulk: ${imported.status} ${await imported.text()}`);
  const rows = await server.database.db.execute<{ id: string; email: string }>(
    sql`SELECT id, email FROM creators WHERE email LIKE ${`${prefix}.%`}`,
  );
  const byEmail = new Map(rows.rows.map((row) => [row.email, row.id]));
  return Array.from({ length: PAYMENTS }, (_, index) => byEmail.get(`${prefix}.${index}@bench.example`)!);
}

/** Every payee not paid in USD gets its corridor's details (as the payee link saves them), in one transaction. */
async function setAbroad(server: BenchServer, orgId: string, ids: string[]) {
  const abroad = ids.flatMap((id, index) => (index % 8 === 0 ? [] : [{ id, details: CORRIDORS[(index % 8) - 1]! }]));
  await server.database.db.transaction(async (tx) => {
    for (const { id, details } of abroad) await savePayeeAbroad(tx, server.deps.secrets, { org_id: orgId, payee_id: id, abroad: details });
    for (let start = 0; start < abroad.length; start += 1_000)
      await tx
        .update(creators)
        .set({ selected_payment_method: 'nium' })
        .where(
          inArray(
            creators.id,
            abroad.slice(start, start + 1_000).map((entry) => entry.id),
          ),
        );
  });
}

async function drafts(call: Call, ids: string[], earnings: (index: number) => number) {
  const rows = ids.map((id, index) => ({ recipient: id, recipient_role: 'creator', earnings: earnings(index), split: 100, memo: 'Bench' }));
  return (await call('POST', '/v1/payments', rows)).data as { id: string; amount: number }[];
}

/** The provider calls due, made until none is left (the transfers: one call a payment abroad, a thousand ACH payouts a call). */
async function makeCalls(server: BenchServer) {
  let made = 0;
  for (let round = runDueProviderCalls(server.deps); ; round = runDueProviderCalls(server.deps)) {
    const count = await round;
    if (count === 0) return made;
    made += count;
  }
}

async function reconciled(server: BenchServer, label: string) {
  const report = await reconcileLedger(server.deps);
  if (report.problems.length > 0) throw new Error(`${label}: reconciliation: ${JSON.stringify(report.problems.slice(0, 5))}`);
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    let headers: Record<string, string> = {};
    const call: Call = async (method, route, body) => {
      const response = await fetch(`${server.base}${route}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const session = await server.signUp('bench-abroad@example.com', 'Bench-passw0rd!');
    headers = { 'auth-token': String(session.auth_token) };
    const org = await call('POST', '/v1/org', { name: 'Bench abroad', website: 'https://bench.example' });
    await call('PUT', '/v1/org/plan', { plan: 'standard' });
    await call('POST', '/v1/org/owner', representative);
    await call('POST', '/v1/org/business', business);
    await call('POST', '/v1/treasury/load', { amount: 1_000_000_000 });

    const usdIds = await importCreators(server, headers, 'usd', () => true);
    const mixedIds = await importCreators(server, headers, 'mixed', (index) => index % 8 === 0);
    await setAbroad(server, String(org.id), mixedIds);
    const usdDrafts = await drafts(call, usdIds, (index) => 1_000 + index);
    const mixedDrafts = await drafts(call, mixedIds, (index) => 1_000 + index);
    const abroadTotal = mixedDrafts.reduce((sum, draft, index) => sum + (index % 8 === 0 ? 0 : draft.amount), 0);
    await call('POST', '/v1/nium/wallet/fund', { amount: abroadTotal });
    await makeCalls(server);
    await reconciled(server, 'before');

    // 10,000 in USD: executed, the payouts' calls made, the books reconciled.
    let started = performance.now();
    const usd = await call('PUT', '/v1/payments/initiate', { ids: usdDrafts.map((draft) => draft.id) });
    const usdExecute = seconds(started);
    if (Number(usd.processing) !== PAYMENTS) throw new Error(`USD executed ${JSON.stringify(usd)}`);
    started = performance.now();
    const usdCalls = await makeCalls(server);
    const usdCallSeconds = seconds(started);
    started = performance.now();
    await reconciled(server, 'USD');
    const usdReconcile = seconds(started);

    // 10,000 in 8 currencies: quoted, the quotes locked on confirm, executed, the transfers made, reconciled per currency.
    const ids = mixedDrafts.map((draft) => draft.id);
    started = performance.now();
    const quotes = (await call('POST', '/v1/payments/initiate/quotes', { ids })).quotes as {
      quote_id: string;
      destination_currency: string;
    }[];
    const quoteSeconds = seconds(started);
    if (quotes.length !== abroadTotalCount(mixedIds.length)) throw new Error(`Quoted ${quotes.length}`);
    started = performance.now();
    const mixed = await call('PUT', '/v1/payments/initiate', { ids, quote_ids: quotes.map((quote) => quote.quote_id) });
    const mixedExecute = seconds(started);
    if (Number(mixed.processing) !== PAYMENTS) throw new Error(`Mixed executed ${JSON.stringify(mixed)}`);
    started = performance.now();
    const mixedCalls = await makeCalls(server);
    const mixedCallSeconds = seconds(started);
    // A transfer made after its quote's lock ran out is refused (nothing converted at the old rate): its payment fails, money back.
    const failed = await server.database.db.execute<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM payments WHERE status = 'failed' AND method = 'nium'`,
    );
    const failedAbroad = Number(failed.rows[0]?.count ?? 0);
    started = performance.now();
    await reconciled(server, '8 currencies');
    const mixedReconcile = seconds(started);
    const currencies = new Set(['USD', ...quotes.map((quote) => quote.destination_currency)]);
    if (currencies.size !== 8) throw new Error(`Currencies: ${[...currencies].join(', ')}`);

    const usdTotal = usdExecute + usdCallSeconds + usdReconcile;
    const mixedTotal = quoteSeconds + mixedExecute + mixedCallSeconds + mixedReconcile;
    const s = (value: number) => `${value.toFixed(2)} s`;
    reportFigures(
      'abroad',
      [
        {
          figure: `execute ${PAYMENTS.toLocaleString('en-US')} payments in USD (PUT /v1/payments/initiate)`,
          value: s(usdExecute),
          goal: '< 30 s',
        },
        { figure: `  their payouts started (${usdCalls} provider calls)`, value: s(usdCallSeconds), goal: '< 30 s' },
        { figure: '  the books reconciled', value: s(usdReconcile), goal: '< 10 s' },
        { figure: `  USD in all`, value: s(usdTotal), goal: '< 60 s' },
        {
          figure: `quote the ${quotes.length.toLocaleString('en-US')} payments abroad of ${PAYMENTS.toLocaleString('en-US')} in 8 currencies`,
          value: s(quoteSeconds),
          goal: '< 60 s',
        },
        { figure: '  execute them, the quotes locked', value: s(mixedExecute), goal: '< 60 s' },
        { figure: `  their transfers started (${mixedCalls} provider calls)`, value: s(mixedCallSeconds), goal: '< 120 s' },
        { figure: '  payments abroad failed: their transfer came after the quote lock ran out', value: String(failedAbroad), goal: '0' },
        { figure: '  the books reconciled (per currency)', value: s(mixedReconcile), goal: '< 10 s' },
        { figure: '  8 currencies in all', value: s(mixedTotal), goal: '< 240 s' },
        { figure: '8 currencies beside USD, same run', value: `${(mixedTotal / usdTotal).toFixed(2)}x`, goal: '<= 4x' },
      ],
      {
        usd_execute_s: usdExecute,
        usd_calls_s: usdCallSeconds,
        usd_reconcile_s: usdReconcile,
        mixed_quote_s: quoteSeconds,
        mixed_execute_s: mixedExecute,
        mixed_calls_s: mixedCallSeconds,
        mixed_reconcile_s: mixedReconcile,
        ratio: mixedTotal / usdTotal,
        mixed_failed_abroad: failedAbroad,
      },
    );
  } finally {
    await server.stop();
  }
}

/** How many of `count` payees are paid abroad (all but every 8th). */
const abroadTotalCount = (count: number) => count - Math.ceil(count / 8);

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
