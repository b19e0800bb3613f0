// Benchmark of Payments > Upload CSV (npm run bench): a 10,000-row payments file previewed
// (POST /v1/payments/upload/preview) then created as drafts (POST /v1/payments/upload) over real
// HTTP, beside a bare baseline on the same database: papaparse, one read of the recipients and
// one INSERT of the payments through node-postgres (no auth, no checks, no payment math).
import Papa from 'papaparse';
import pg from 'pg';
import { business, representative } from './support/bench-activation.ts';
import { startBenchServer } from './support/bench-server.ts';
import { reportFigures } from './support/results.ts';

const ROWS = 10_000;

/** The bare work of an upload: parse, find the recipients by email, insert the drafts (rolled back). */
async function bareUpload(url: string, orgId: string, csv: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const rows = Papa.parse<{ recipient: string; amount: string; memo: string }>(csv, { header: true, skipEmptyLines: true }).data;
    const found = await client.query<{ id: string; email: string }>(
      'SELECT id, email FROM creators WHERE org_id = $1 AND email = ANY($2)',
      [orgId, rows.map((row) => row.recipient)],
    );
    const ids = new Map(found.rows.map((row) => [row.email, row.id]));
    const values = rows.map((row) => ({
      recipient: ids.get(row.recipient),
      amount: Math.round(Number(row.amount) * 100),
      memo: row.memo,
    }));
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO payments (id, org_id, recipient, recipient_role, amount, earnings, split, memo, status)
       SELECT gen_random_uuid(), $1, r.recipient, 'creator', r.amount, r.amount, 100, r.memo, 'draft'
       FROM json_to_recordset($2::json) AS r(recipient uuid, amount bigint, memo text)`,
      [orgId, JSON.stringify(values)],
    );
    const seconds = (performance.now() - started) / 1000;
    await client.query('ROLLBACK');
    return seconds;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const { base, url, signUp, stop } = await startBenchServer();
  try {
    let headers: Record<string, string> = {};
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${base}${route}`, {
        method,
        headers: { ...headers, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const session = await signUp('bench@example.com', 'Bench-passw0rd!');
    headers = { 'auth-token': String(session.auth_token) };
    const org = await call('POST', '/v1/org', { name: 'Bench', website: 'https://bench.example' });
    await call('PUT', '/v1/org/plan', { plan: 'standard' });
    await call('POST', '/v1/org/owner', representative);
    await call('POST', '/v1/org/business', business);

    const creatorsCsv = ['email,first_name,last_name,entity_type'];
    for (let index = 0; index < ROWS; index += 1) creatorsCsv.push(`creator.${index}@bench.example,First${index},Last${index},individual`);
    const fileOf = (lines: string[], name: string) => {
      const form = new FormData();
      form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), name);
      return form;
    };
    await call('POST', '/v1/creators/bulk?invite=never', fileOf(creatorsCsv, 'creators.csv'));

    const paymentsCsv = ['recipient,amount,memo'];
    for (let index = 0; index < ROWS; index += 1)
      paymentsCsv.push(`creator.${index}@bench.example,${10 + (index % 90)}.${index % 100},Bench`);
    const started = performance.now();
    const preview = await call('POST', '/v1/payments/upload/preview', fileOf(paymentsCsv, 'payments.csv'));
    const previewSeconds = (performance.now() - started) / 1000;
    if (preview.valid !== ROWS) throw new Error(`Preview: ${JSON.stringify(preview).slice(0, 500)}`);
    headers = { ...headers, 'idempotency-key': 'bench-upload' };
    const committed = await call('POST', '/v1/payments/upload', fileOf(paymentsCsv, 'payments.csv'));
    const totalSeconds = (performance.now() - started) / 1000;
    if (committed.created !== ROWS) throw new Error(`Upload: ${JSON.stringify(committed)}`);
    const bareSeconds = await bareUpload(url, String(org.id), paymentsCsv.join('\n'));

    reportFigures(
      'payment-upload',
      [
        {
          figure: `payments CSV upload, ${ROWS} rows: preview + create drafts (vs bare parse + read + insert)`,
          value: `${totalSeconds.toFixed(2)} s (preview ${previewSeconds.toFixed(2)} s, create ${(totalSeconds - previewSeconds).toFixed(2)} s) vs bare ${bareSeconds.toFixed(2)} s`,
          goal: '< 3 s in all',
        },
      ],
      { upload_preview_seconds: previewSeconds, upload_total_seconds: totalSeconds, upload_bare_seconds: bareSeconds },
    );
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
