// The money journeys the fleet runs, through the load balancer as the browser and integrations
// would: an organisation signed up and funded, creators imported, payments drafted and executed,
// invoices sent and paid by card.
import { randomUUID } from 'node:crypto';
import { call, eventually, must, untilAnswered } from './client.ts';
import type { Fleet } from './cluster.ts';
import { business, representative } from '../support/bench-activation.ts';

export type Owner = { headers: Record<string, string>; orgId: string };

/** The newest link under `path` emailed to `to` (the emails table: a worker may not have delivered it yet). */
export async function emailedLink(fleet: Fleet, to: string, path: string): Promise<string> {
  return eventually(`a ${path} link emailed to ${to}`, async () => {
    const { rows } = await fleet.sql.query<{ links: string[] }>(
      'SELECT links FROM emails WHERE "to" = $1 ORDER BY created_at DESC LIMIT 5',
      [to],
    );
    const link = rows.flatMap((row) => row.links).find((url) => url.includes(path));
    return link ? decodeURIComponent(link.split(path)[1]!.split(/[?&]/)[0]!) : undefined;
  });
}

/** Signs up (the sign-up job runs on a worker), confirms the emailed link, creates and funds an activated organisation. */
export async function fundedOwner(fleet: Fleet, label: string, cents: number): Promise<Owner> {
  const email = `${label}.${Date.now()}@fleet.example`;
  await must(fleet, 'POST', '/v1/users/signup', { email, password: 'Fleet-passw0rd!' });
  const id = await emailedLink(fleet, email, '/confirmSignup/');
  const session = await must<{ auth_token: string }>(fleet, 'POST', '/v1/users/signup/confirm', { id });
  const headers = { 'auth-token': session.auth_token };
  const org = await must<{ id: string }>(
    fleet,
    'POST',
    '/v1/org',
    { name: `Fleet ${label}`, website: 'https://fleet.example' },
    { headers },
  );
  await must(fleet, 'PUT', '/v1/org/plan', { plan: 'standard' }, { headers });
  await must(fleet, 'POST', '/v1/org/owner', representative, { headers });
  await must(fleet, 'POST', '/v1/org/business', business, { headers });
  await untilAnswered(fleet, 'POST', '/v1/treasury/load', { amount: cents }, { headers });
  return { headers, orgId: org.id };
}

/** Imports `count` creators by CSV, half with a bank account (their payments go out by ACH), half without (payee links). */
export async function importCreators(fleet: Fleet, owner: Owner, count: number): Promise<string[]> {
  const lines = ['email,first_name,last_name,entity_type,account_number,routing_number'];
  for (let index = 0; index < count; index += 1)
    lines.push(
      `creator.${index}@fleet.example,First${index},Last${index},individual,${index % 2 === 0 ? `${10_000_000 + index},110000000` : ','}`,
    );
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'creators.csv');
  await must(fleet, 'POST', '/v1/creators/bulk', form, { headers: owner.headers });
  const { rows } = await fleet.sql.query<{ id: string }>('SELECT id FROM creators WHERE org_id = $1 ORDER BY id', [owner.orgId]);
  return rows.map((row) => row.id);
}

/** One draft payment per creator (cents 1,000 and up), created in one idempotent call. */
export async function draftPayments(fleet: Fleet, owner: Owner, creatorIds: string[]): Promise<string[]> {
  const rows = creatorIds.map((recipient, index) => ({
    recipient,
    recipient_role: 'creator',
    earnings: 1_000 + index,
    split: 100,
    memo: 'Fleet',
  }));
  const { body } = await untilAnswered<{ data: { id: string }[] }>(fleet, 'POST', '/v1/payments', rows, { headers: owner.headers });
  return body.data.map((payment) => payment.id);
}

/** Executes payments (PUT /v1/payments/initiate) until answered; through `base` when given (one instance). */
export async function execute(fleet: Fleet, owner: Owner, ids: string[], options: { base?: string; key?: string } = {}) {
  return untilAnswered<{ processing: number; requires_info: number }>(
    fleet,
    'PUT',
    '/v1/payments/initiate',
    { ids },
    { headers: owner.headers, base: options.base, idempotencyKey: options.key ?? randomUUID() },
  );
}

/** Sends an invoice to a new customer and answers its id and the pay link's id. */
export async function sendInvoice(fleet: Fleet, owner: Owner, index: number, cents: number): Promise<{ id: string; linkId: string }> {
  const email = `customer.${index}.${Date.now()}@fleet.example`;
  const { body } = await untilAnswered<{ id: string }>(
    fleet,
    'POST',
    '/v1/invoices',
    { title: `Fleet invoice ${index}`, description: 'Posts', amount: cents, net: 30, email, name: `Customer ${index}` },
    { headers: owner.headers },
  );
  return { id: body.id, linkId: await emailedLink(fleet, email, '/invoices/pay?id=') };
}

/**
 * What the pay page does: tokenise a test card with the sandbox processor, then pay through the
 * link; answers the status of the payment (0: no answer). A payer whose page got no answer (the
 * instance died) presses Pay again, which the invoice answers once paid with "already paid".
 */
async function payByCard(fleet: Fleet, linkId: string, base?: string): Promise<number> {
  const card = { number: '4242424242424242', exp: '12/39', cvc: '123' };
  try {
    const token = await call(fleet, 'POST', '/v1/sandbox_payments/card_tokens', card, { base });
    if (token.status !== 200) return token.status;
    const answer = await call(
      fleet,
      'POST',
      `/v1/expiring_link?id=${encodeURIComponent(linkId)}`,
      { method: 'card', payment_method: (token.body as { id: string }).id },
      { base },
    );
    return answer.status;
  } catch {
    return 0;
  }
}

/** Pays until an answer that is not the infrastructure's (no answer, 502-504), through the balancer after a first try at `base`. */
export async function payUntilAnswered(fleet: Fleet, linkId: string, base?: string): Promise<number> {
  let status = await payByCard(fleet, linkId, base);
  for (let attempt = 1; attempt < 20 && (status === 0 || (status >= 502 && status <= 504)); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    status = await payByCard(fleet, linkId);
  }
  return status;
}
