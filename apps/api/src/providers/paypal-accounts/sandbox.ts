import { randomInt } from 'node:crypto';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxPaypalAccounts, sandboxPaypalMovements } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { PaypalAccountsProvider } from './types.ts';

/** What a sandbox PayPal account holds when its owner connects it: $10,000.00. */
export const SANDBOX_PAYPAL_OPENING_BALANCE = 1_000_000;

const PAYER_ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const payerId = () => Array.from({ length: 13 }, () => PAYER_ID_ALPHABET[randomInt(PAYER_ID_ALPHABET.length)]).join('');

/**
 * The sandbox PayPal (SANDBOX=true): its onboarding is the consent page /sandbox/paypal/consent
 * (modules/paypal), each consent a new account holding SANDBOX_PAYPAL_OPENING_BALANCE; its
 * balance is the sum of the account's movements come due on the sandbox clock.
 */
export function createSandboxPaypalAccounts(deps: Pick<AppDeps, 'config' | 'db'>): PaypalAccountsProvider {
  return {
    async startOnboarding({ tracking_id, return_url }) {
      await deps.db.insert(sandboxPaypalAccounts).values({ merchant_id: payerId(), tracking_id, return_url }).onConflictDoNothing();
      return { action_url: `${deps.config.publicUrl}/sandbox/paypal/consent?referral=${encodeURIComponent(tracking_id)}` };
    },
    async findMerchant(trackingId) {
      const [account] = await deps.db.select().from(sandboxPaypalAccounts).where(eq(sandboxPaypalAccounts.tracking_id, trackingId));
      if (!account?.consented_at) return null;
      return { merchant_id: account.merchant_id, email: account.email, can_pay_out: true, email_confirmed: true };
    },
    async balance(merchantId) {
      const now = await sandboxNow(deps.db);
      return { available: await sandboxPaypalBalance(deps.db, merchantId, now), refreshed_at: now };
    },
  };
}

export async function sandboxPaypalBalance(db: DbOrTx, merchantId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${sandboxPaypalMovements.amount}), 0)::text` })
    .from(sandboxPaypalMovements)
    .where(and(eq(sandboxPaypalMovements.merchant_id, merchantId), lte(sandboxPaypalMovements.effective_at, now)));
  return Number(row?.total ?? 0);
}

/** Money moves on a sandbox PayPal account when `effective_at` comes on the sandbox clock. */
export async function moveSandboxPaypal(db: DbOrTx, movements: { merchant_id: string; amount: number; effective_at: Date }[]) {
  if (movements.length > 0) await db.insert(sandboxPaypalMovements).values(movements.map((movement) => ({ id: newId(), ...movement })));
}

/**
 * The owner agreed on the sandbox consent page as `email`: the account is theirs, holding the
 * opening balance. Answers where PayPal sends the browser back (the referral's return URL with
 * PayPal's parameters), or null when this referral is unknown or was consented already.
 */
export async function consentSandboxPaypal(db: DbOrTx, options: { tracking_id: string; email: string }): Promise<string | null> {
  const now = await sandboxNow(db);
  const [account] = await db
    .update(sandboxPaypalAccounts)
    .set({ email: options.email.toLowerCase(), consented_at: now })
    .where(and(eq(sandboxPaypalAccounts.tracking_id, options.tracking_id), isNull(sandboxPaypalAccounts.consented_at)))
    .returning();
  if (!account) return null;
  await moveSandboxPaypal(db, [{ merchant_id: account.merchant_id, amount: SANDBOX_PAYPAL_OPENING_BALANCE, effective_at: now }]);
  const back = new URL(account.return_url);
  back.searchParams.set('merchantId', account.tracking_id);
  back.searchParams.set('merchantIdInPayPal', account.merchant_id);
  back.searchParams.set('permissionsGranted', 'true');
  return back.toString();
}
