import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { orgs, paypalLinks, type PaypalLink } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { paypalAccountsProvider } from '../../providers/paypal-accounts/index.ts';
import { ensureLedgerAccounts } from '../ledger/index.ts';
import { paypalWalletBalance } from './balance.ts';

const NO_PAYOUT_PERMISSION =
  'PayPal did not give Crewpay permission to send payouts from your account. Connect again and agree to the permissions.';
const EMAIL_NOT_CONFIRMED =
  'PayPal sends no money from an account whose email is not confirmed. Confirm it with PayPal, then connect again.';
export const PAYPAL_UNAVAILABLE = 'PayPal is not answering right now: please try again in a minute';

/** A connection that will not complete: it ends, and the organisation can start again. */
async function endLink(deps: Pick<AppDeps, 'db'>, link: PaypalLink): Promise<void> {
  await deps.db
    .update(paypalLinks)
    .set({ status: 'deactivated', code_hash: null })
    .where(and(eq(paypalLinks.id, link.id), eq(paypalLinks.status, 'connecting')));
}

/**
 * Asks PayPal what the connection's tracking id (the link's id) became: nothing yet (the link
 * stays connecting, asked again by the status poll), or the organisation's own PayPal account,
 * which must have granted Crewpay the payouts permission and have a confirmed email. Then the
 * link is made (any earlier one deactivated), PayPal is offered to payees, and our books open at
 * the account's balance. PayPal is asked with no transaction open.
 */
export async function finishLink(deps: AppDeps, link: PaypalLink): Promise<void> {
  let merchant;
  try {
    merchant = await paypalAccountsProvider(deps).findMerchant(link.id);
  } catch (error) {
    if (!(error instanceof ProviderCallError)) throw error;
    // A refusal of ours (credentials, partner id) is the operator's to fix: logged by its code, said plainly.
    if (!error.retryable) console.error('[paypal] PayPal refused to say which account was connected', error.code);
    throw new AppError('provider_unavailable', PAYPAL_UNAVAILABLE);
  }
  if (!merchant) {
    // Asked: the status poll asks again in a while (updated_at).
    await deps.db.update(paypalLinks).set({ updated_at: new Date() }).where(eq(paypalLinks.id, link.id));
    return;
  }
  if (!merchant.can_pay_out || !merchant.email_confirmed) {
    await endLink(deps, link);
    throw new AppError('bad_request', merchant.can_pay_out ? EMAIL_NOT_CONFIRMED : NO_PAYOUT_PERMISSION);
  }
  const linked = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(paypalLinks).where(eq(paypalLinks.id, link.id)).for('update');
    if (current?.status !== 'connecting') return false;
    await tx
      .update(paypalLinks)
      .set({ status: 'deactivated' })
      .where(and(eq(paypalLinks.org_id, link.org_id), inArray(paypalLinks.status, ['linked', 'connecting'])));
    await tx
      .update(paypalLinks)
      .set({ status: 'linked', linked_at: new Date(), code_hash: null, merchant_id: merchant.merchant_id, email: merchant.email })
      .where(eq(paypalLinks.id, link.id));
    await tx.update(orgs).set({ paypal_enabled: true }).where(eq(orgs.id, link.org_id));
    await ensureLedgerAccounts(tx, link.org_id);
    return true;
  });
  // The books open at what the account holds (paypal_balance_synced).
  if (linked) await paypalWalletBalance(deps, link.org_id, merchant.merchant_id);
}
