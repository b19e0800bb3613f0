import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerTransfers, payments, type Payment } from '../../db/schema/index.ts';
import { findLedgerAccounts, paypalSentEntries, postTransfer } from '../ledger/index.ts';

/**
 * Where a PayPal or Venmo payment's money is (docs/money-flows.md, PayPal and Venmo payouts): its
 * amount is paid from the organisation's own PayPal account, never from the wallet, which holds
 * only our fee. The amount leaves the PayPal balance when PayPal accepts the batch (paypal_sent).
 */
export const isPaypalMethod = (method: Payment['method'] | string | null | undefined) => method === 'paypal' || method === 'venmo';

const sentKey = (paymentId: string) => `paypal_sent:${paymentId}`;
const paypalReleaseKey = (paymentId: string) => `paypal_release:${paymentId}`;

export async function hasPaypalSent(tx: Tx, orgId: string, paymentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.org_id, orgId), eq(ledgerTransfers.idempotency_key, sentKey(paymentId))));
  return row !== undefined;
}

/** PayPal took the payment's amount from the organisation's PayPal balance (once per payment, whoever says it first). */
export async function postPaypalSent(tx: Tx, payment: Pick<Payment, 'org_id' | 'id' | 'amount'>): Promise<void> {
  await postTransfer(tx, {
    org_id: payment.org_id,
    key: sentKey(payment.id),
    type: 'paypal_payout_sent',
    memo: 'PayPal payout',
    metadata: { payment_id: payment.id },
    entries: paypalSentEntries(await findLedgerAccounts(tx, payment.org_id), payment.amount),
  });
}

/**
 * The batch of a call was accepted by PayPal: every PayPal or Venmo payment of it still on its
 * way has left the PayPal balance. Payments an earlier event already settled are left alone.
 */
export async function recordPaypalSent(tx: Tx, orgId: string, paymentIds: string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  const sent = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.org_id, orgId),
        inArray(payments.id, paymentIds),
        inArray(payments.method, ['paypal', 'venmo']),
        eq(payments.status, 'processing'),
      ),
    )
    .orderBy(payments.id)
    .for('update');
  for (const payment of sent) await postPaypalSent(tx, payment);
}

/**
 * A payment that waited for its payee's details (its whole amount held in the wallet) goes out by
 * PayPal or Venmo: the amount goes back to available, PayPal pays it from the organisation's
 * PayPal account; the fee stays held.
 */
export async function releasePaypalAmounts(tx: Tx, orgId: string, rows: Payment[]): Promise<void> {
  const accounts = await findLedgerAccounts(tx, orgId);
  for (const payment of rows) {
    if (payment.status !== 'requires_info' || payment.amount === 0) continue;
    await postTransfer(tx, {
      org_id: orgId,
      key: paypalReleaseKey(payment.id),
      type: 'release',
      memo: 'Paid from PayPal',
      metadata: { payment_id: payment.id },
      entries: [
        { account_id: accounts.wallet_held.id, amount: -payment.amount },
        { account_id: accounts.wallet_available.id, amount: payment.amount },
      ],
    });
  }
}
