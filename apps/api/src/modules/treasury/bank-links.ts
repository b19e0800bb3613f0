import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AttachBankBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bankLinks, financialAccounts, orgs, users, type BankLink, type FinancialAccount } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { sendBankVerificationEmail } from './verification-email.ts';

const WALLET_NOT_SETUP = 'Your US-only Wallet is not setup';

export async function findFinancialAccount(tx: DbOrTx, orgId: string): Promise<FinancialAccount> {
  const [account] = await tx.select().from(financialAccounts).where(eq(financialAccounts.org_id, orgId));
  if (!account) throw new AppError('bad_request', WALLET_NOT_SETUP);
  return account;
}

/** The bank link that decides the wallet's state: a verified one first, else one awaiting verification. */
export async function findCurrentBankLink(tx: DbOrTx, orgId: string): Promise<BankLink | null> {
  const rows = await tx
    .select()
    .from(bankLinks)
    .where(and(eq(bankLinks.org_id, orgId), inArray(bankLinks.status, ['requires_action', 'succeeded'])))
    .orderBy(desc(bankLinks.created_at));
  return rows.find((row) => row.status === 'succeeded') ?? rows[0] ?? null;
}

/** Refuses a second bank while one is attached or awaiting verification. */
async function assertNoCurrentBankLink(tx: DbOrTx, orgId: string): Promise<void> {
  if (await findCurrentBankLink(tx, orgId)) throw new AppError('conflict', 'A bank account is already attached to this wallet');
}

/**
 * Attaches an outside bank: the provider creates a setup intent and sends micro-deposits whose
 * descriptor code (SM...) the owner receives; the link stays requires_action until verified.
 * The person waits for it, so the provider is called first, with no transaction of ours open
 * (the key is our link's id, so a retry would be the same setup intent), then our link is
 * recorded; a concurrent attach that lost the race is refused there.
 */
export async function attachBank(deps: AppDeps, options: { org_id: string; user_id: string; body: AttachBankBody }): Promise<BankLink> {
  const account = await findFinancialAccount(deps.db, options.org_id);
  await assertNoCurrentBankLink(deps.db, options.org_id);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, options.user_id));
  const [org] = await deps.db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, options.org_id));
  const linkId = newId();
  const intent = await bankingProvider(deps).createSetupIntent({
    org_id: options.org_id,
    bank_link_id: linkId,
    ...options.body,
    account_holder_name: org?.name ?? 'Account holder',
    idempotency_key: `setup_intent:${linkId}`,
  });
  if (user?.email)
    await sendBankVerificationEmail(deps, { org_id: options.org_id, to: user.email, account_number: options.body.account_number, intent });
  return deps.db.transaction(async (tx) => {
    // Serialises two attach requests of one organisation.
    await tx.select({ id: financialAccounts.id }).from(financialAccounts).where(eq(financialAccounts.id, account.id)).for('update');
    await assertNoCurrentBankLink(tx, options.org_id);
    const [row] = await tx
      .insert(bankLinks)
      .values({
        id: linkId,
        org_id: options.org_id,
        financial_account_id: account.id,
        setup_intent_id: intent.setup_intent_id,
        status: intent.status,
        account_number_encrypted: deps.secrets.encrypt(options.body.account_number),
        account_last4: options.body.account_number.slice(-4),
        routing_number: options.body.routing_number,
        bank_name: intent.bank_name,
        hosted_verification_url: intent.hosted_verification_url,
      })
      .returning();
    return row!;
  });
}

export async function findVerifiedBankLink(tx: DbOrTx, orgId: string, paymentMethodId: string): Promise<BankLink> {
  const [link] = await tx
    .select()
    .from(bankLinks)
    .where(and(eq(bankLinks.org_id, orgId), eq(bankLinks.payment_method_id, paymentMethodId), eq(bankLinks.status, 'succeeded')));
  if (!link) throw new AppError('not_found', 'Payment method not found');
  return link;
}

/** Where the account holder enters the descriptor code: the page the provider named, or (older sandbox links) the sandbox's. */
export function verificationUrlOf(deps: Pick<AppDeps, 'config' | 'jobs' | 'db' | 'secrets' | 'kernel'>, link: BankLink): string {
  return link.hosted_verification_url ?? bankingProvider(deps).hostedVerificationUrl(link.setup_intent_id) ?? '';
}
