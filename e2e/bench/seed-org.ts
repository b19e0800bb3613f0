// A signed-up, activated organisation with 10,000 creators, 50,000 payments and 2,000 invoices,
// for the bench's signed-in pages. The owner, the organisation, its activation, one creator, one
// payment and one invoice go through the API, so every row the rest is cloned from is one the API
// wrote; the others are cloned from them with one set-based INSERT each. The payments are drafts
// and the invoices open or canceled: states nothing has been paid in, so no ledger transfer is owed.
import pg from 'pg';
import { business, representative } from '../tests/support/activation-details.ts';

export const SEEDED_CREATORS = 10_000;
export const SEEDED_PAYMENTS = 50_000;
export const SEEDED_INVOICES = 2_000;
/** One invoice in ten is open (a to-do on Home and a row of /invoices' Open tab); the rest canceled. */
const OPEN_INVOICE_EVERY = 10;

type SeededOrg = { token: string; orgId: string };

const PASSWORD = 'Bench-passw0rd!';

async function call<T>(base: string, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) };
  const response = await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs up as a person does: the form, then the link the server emails (read from its sandbox outbox). */
async function signUp(base: string, email: string): Promise<string> {
  await call(base, 'POST', '/v1/users/signup', { email, password: PASSWORD });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    // The sandbox tools want the operator token: web.ts starts its server with OPERATOR_TOKEN set.
    const outbox = await fetch(`${base}/dev/outbox`, {
      headers: { accept: 'application/json', 'x-operator-token': process.env.OPERATOR_TOKEN ?? '' },
    });
    const messages = (await outbox.json()) as { to: string; links: string[] }[];
    const link = messages.flatMap((message) => (message.to === email ? message.links : [])).find((url) => url.includes('/confirmSignup/'));
    if (link) {
      const id = link.split('/confirmSignup/')[1];
      return (await call<{ auth_token: string }>(base, 'POST', '/v1/users/signup/confirm', { id })).auth_token;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No sign-up link was emailed to ${email}`);
}

export async function seedOrg(base: string, databaseUrl: string): Promise<SeededOrg> {
  const token = await signUp(base, 'web-bench@example.com');
  const org = await call<{ id: string }>(base, 'POST', '/v1/org', { name: 'Bench Studios', website: 'https://bench.example' }, token);
  await call(base, 'POST', '/v1/org/owner', representative, token);
  await call(base, 'POST', '/v1/org/business', business, token);
  const creator = await call<{ id: string }>(
    base,
    'POST',
    '/v1/creators',
    { email: 'creator.0@bench.example', first_name: 'First0', last_name: 'Last0' },
    token,
  );
  const created = await call<{ data: { id: string }[] }>(
    base,
    'POST',
    '/v1/payments',
    [{ recipient: creator.id, recipient_role: 'creator', earnings: 125_000, memo: 'Reels' }],
    token,
  );
  const payment = created.data[0]!;
  const invoice = await call<{ id: string }>(
    base,
    'POST',
    '/v1/invoices',
    { email: 'brand@bench.example', name: 'Brand0', title: 'Invoice0', description: 'Posts and stories', amount: 250_000, net: 30 },
    token,
  );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Each clone a minute older than the last, so the lists page through distinct created_at values.
    await client.query(
      `INSERT INTO creators (id, org_id, email, entity_type, first_name, last_name, is_active, created_at, updated_at)
       SELECT gen_random_uuid(), c.org_id, 'creator.' || i || '@bench.example', c.entity_type, 'First' || i, 'Last' || i,
              true, c.created_at - i * interval '1 minute', c.updated_at
       FROM creators c, generate_series(1, $2::int - 1) AS i
       WHERE c.id = $1`,
      [creator.id, SEEDED_CREATORS],
    );
    await client.query(
      `INSERT INTO payments (id, org_id, recipient, recipient_role, status, memo, amount, earnings, split,
                             state_withholdings, federal_withholdings, fee, created_at, updated_at)
       SELECT gen_random_uuid(), p.org_id, c.id, p.recipient_role, 'draft', p.memo, p.amount, p.earnings, p.split,
              p.state_withholdings, p.federal_withholdings, p.fee, p.created_at - n * interval '10 seconds', p.updated_at
       FROM payments p,
            generate_series(1, $3::int - 1) AS n
            JOIN (SELECT id, row_number() OVER (ORDER BY created_at DESC) - 1 AS rank FROM creators WHERE org_id = $2) c
              ON c.rank = n % $4
       WHERE p.id = $1`,
      [payment.id, org.id, SEEDED_PAYMENTS, SEEDED_CREATORS],
    );
    await client.query(
      `INSERT INTO invoices (id, org_id, seq, number, customer_id, title, description, amount, net, status, processor, canceled_at, created_at, updated_at)
       SELECT gen_random_uuid(), v.org_id, v.seq + n, 'INV-' || lpad((v.seq + n)::text, 4, '0'), v.customer_id, 'Invoice' || n, v.description, v.amount, v.net,
              CASE WHEN n % $3 = 0 THEN v.status ELSE 'canceled' END, v.processor,
              CASE WHEN n % $3 = 0 THEN NULL ELSE v.created_at END, v.created_at - n * interval '1 minute', v.updated_at
       FROM invoices v, generate_series(1, $2::int - 1) AS n
       WHERE v.id = $1`,
      [invoice.id, SEEDED_INVOICES, OPEN_INVOICE_EVERY],
    );
    // The copies took the numbers after the first invoice's: the next invoice sent follows them.
    await client.query('UPDATE invoice_counters SET last_seq = last_seq + $2::int - 1 WHERE org_id = $1', [org.id, SEEDED_INVOICES]);
    await client.query('ANALYZE creators; ANALYZE payments; ANALYZE invoices');
  } finally {
    await client.end();
  }
  return { token, orgId: org.id };
}
