import { sql } from 'drizzle-orm';
import { formatCents } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { treasuryTransactions, type Org, type Payment } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { payoutsProvider, type PayoutDestination } from '../../providers/payouts/index.ts';
import { recordProviderCall, recordProviderCalls } from '../provider-calls/index.ts';
import { CREATE_PAYOUTS, type PayoutCallItem } from './payout-calls.ts';
import { queueEmails } from '../email/index.ts';
import { issuePayeeLinks } from '../links/index.ts';
import { findFinancialAccount } from '../treasury/index.ts';
import { findPayeesAbroad } from '../nium/index.ts';
import { isAbroad, startAbroadPayouts, type LockedQuotes } from './nium-execution.ts';
import { loadRecipients, payoutDestination, recipientName } from './recipients.ts';
import { isPaypalMethod, releasePaypalAmounts } from './paypal-money.ts';

const CHUNK = 1000;

const isBankRow = ({ destination }: { destination: PayoutDestination }) => destination.method === 'stripe';

async function inChunks<T>(items: T[], work: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) await work(items.slice(start, start + CHUNK));
}

/** Each payment's payout destination (null: the recipient has not given a complete payout method). */
export async function destinationsFor(deps: AppDeps, tx: Tx, org: Org, rows: Payment[]): Promise<Map<string, PayoutDestination | null>> {
  const found = await loadRecipients(
    tx,
    org.id,
    rows.map((row) => row.recipient),
  );
  const people = [...found.creators.values(), ...found.users.values()];
  const abroad = await findPayeesAbroad(
    tx,
    org.id,
    people.filter((row) => row.selected_payment_method === 'nium').map((row) => row.id),
  );
  const byRecipient = new Map<string, PayoutDestination | null>();
  for (const row of people) {
    byRecipient.set(row.id, payoutDestination(deps.secrets, row, { paypalEnabled: org.paypal_enabled, abroad: abroad.get(row.id) }));
  }
  return new Map(rows.map((row) => [row.id, byRecipient.get(row.recipient) ?? null]));
}

/**
 * Starts the payouts of payments whose money is already held, inside the caller's transaction:
 * each becomes processing ('Pending') and shows in the wallet's transactions (metadata.payment_id),
 * and the provider calls are recorded: one per bank payout, PayPal and Venmo a thousand payouts a
 * call (one batch per chunk of an execution). A PayPal or Venmo payment that
 * waited for its payee's details gives its held amount back to the wallet: PayPal pays it from
 * the organisation's PayPal account. Answers the calls' ids: run them once the transaction has
 * committed (runProviderCallsSoon); the provider is never called with these rows locked.
 */
export async function startPayouts(
  deps: AppDeps,
  tx: Tx,
  orgId: string,
  allRows: { payment: Payment; destination: PayoutDestination }[],
  now: Date,
  quotes?: LockedQuotes,
): Promise<string[]> {
  // Payments abroad go through Nium from the Nium wallet (nium-execution.ts); the rest as below.
  const abroad = allRows.flatMap((row) => (isAbroad(row.destination) ? [{ payment: row.payment, destination: row.destination }] : []));
  const abroadCalls = await startAbroadPayouts(deps, tx, orgId, abroad, now, quotes);
  const rows = allRows.filter((row) => !isAbroad(row.destination));
  if (rows.length === 0) return abroadCalls;
  const account = await findFinancialAccount(tx, orgId);
  await inChunks(rows, (chunk) =>
    tx.execute(sql`
      UPDATE payments AS p SET status = 'processing', method = v.method,
        date_initiated = COALESCE(p.date_initiated, ${now}::timestamptz), updated_at = now()
      FROM (VALUES ${sql.join(
        chunk.map((c) => sql`(${c.payment.id}::uuid, ${c.destination.method})`),
        sql`, `,
      )}) AS v(id, method)
      WHERE p.id = v.id AND p.org_id = ${orgId} AND p.status IN ('draft', 'requires_info', 'awaiting_approval')`),
  );
  const transactions = rows.map(({ payment }) => ({
    id: newId(),
    org_id: orgId,
    financial_account_id: account.id,
    flow_type: 'outbound_payment' as const,
    status: 'processing' as const,
    amount: -payment.amount,
    fee: payment.fee,
    memo: payment.memo || 'Payment',
    metadata: { payment_id: payment.id },
    created_at: now,
  }));
  await inChunks(transactions, (chunk) => tx.insert(treasuryTransactions).values(chunk));
  const paypal = rows.filter((row) => isPaypalMethod(row.destination.method));
  await releasePaypalAmounts(
    tx,
    orgId,
    paypal.map((row) => row.payment),
  );
  const execution = newId();
  const callIds: string[] = [];
  const record = (payouts: PayoutCallItem[], key: string, subject: string) =>
    recordProviderCall(tx, {
      org_id: orgId,
      provider: payoutsProvider(deps).name,
      operation: CREATE_PAYOUTS,
      idempotency_key: key,
      subject_id: subject,
      request: { payouts },
    });
  const sealed = ({ payment, destination }: (typeof rows)[number]): PayoutCallItem => ({
    payment_id: payment.id,
    amount: payment.amount,
    destination_sealed: deps.secrets.encrypt(JSON.stringify(destination)),
  });
  // A bank payout is one provider operation per payment (keyed by the payment): the bank's refusal of
  // one fails that payment alone. PayPal and Venmo pay a batch whose items fail one by one on their own.
  const [bank, batched] = [rows.filter(isBankRow), rows.filter((row) => !isBankRow(row))];
  callIds.push(
    ...(await recordProviderCalls(
      tx,
      bank.map((row) => ({
        org_id: orgId,
        provider: payoutsProvider(deps).name,
        operation: CREATE_PAYOUTS,
        idempotency_key: `payout:${row.payment.id}`,
        subject_id: row.payment.id,
        request: { payouts: [sealed(row)] },
      })),
    )),
  );
  await inChunks(batched, async (chunk) => {
    callIds.push(await record(chunk.map(sealed), `payouts:${execution}:${callIds.length}`, execution));
  });
  return [...abroadCalls, ...callIds];
}

/**
 * Payments whose recipient has no payout method wait for it ('Awaiting input'); each recipient is
 * emailed one payee link (/bankDetails?id=) for everything they are owed. Answers the email ids.
 */
export async function requestPayoutInfo(deps: AppDeps, tx: Tx, org: Org, rows: Payment[], now: Date): Promise<string[]> {
  if (rows.length === 0) return [];
  await inChunks(rows, (chunk) =>
    tx.execute(sql`
      UPDATE payments SET status = 'requires_info', date_initiated = COALESCE(date_initiated, ${now}::timestamptz), date_info_requested = ${now}::timestamptz, updated_at = now()
      WHERE org_id = ${org.id} AND id IN (${sql.join(
        chunk.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )}) AND status IN ('draft', 'requires_info', 'awaiting_approval')`),
  );
  return emailPayeeLinks(deps, tx, org, rows);
}

/** One payee link per recipient of `rows`, emailed; answers the email ids (send them after commit). */
export async function emailPayeeLinks(deps: AppDeps, tx: Tx, org: Org, rows: Payment[]): Promise<string[]> {
  const owed = new Map<string, { role: Payment['recipient_role']; amount: number; payment_ids: string[] }>();
  for (const row of rows) {
    const before = owed.get(row.recipient);
    owed.set(row.recipient, {
      role: row.recipient_role,
      amount: (before?.amount ?? 0) + row.amount,
      payment_ids: [...(before?.payment_ids ?? []), row.id],
    });
  }
  const found = await loadRecipients(tx, org.id, [...owed.keys()]);
  const recipients = [...owed.entries()].flatMap(([id, item]) => {
    const person = item.role === 'creator' ? found.creators.get(id) : found.users.get(id);
    return person ? [{ id, person, ...item }] : [];
  });
  // Each link is bound to the payments it asks details for; a reminder replaces the earlier link.
  const linkIds = await issuePayeeLinks(
    tx,
    org.id,
    recipients.map((r) => ({ recipient: r.id, recipient_role: r.role, payment_ids: r.payment_ids })),
  );
  return queueEmails(
    tx,
    recipients.map((r, index) => ({
      org_id: org.id,
      to: r.person.email,
      subject: `${org.name} is sending you ${formatCents(r.amount)}`,
      paragraphs: [
        `Hi ${recipientName(r.person)},`,
        `${org.name} is sending you ${formatCents(r.amount)}. Tell us where to send it: your bank account${org.paypal_enabled ? ', PayPal or Venmo' : ''} and your tax details.`,
      ],
      links: [{ label: 'Get paid', url: `${deps.config.publicUrl}/bankDetails?id=${linkIds[index]}` }],
    })),
  );
}
