import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { charges, type ProviderCall } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { paymentsInProvider, type BankSource, type Mandate, type ProviderCharge } from '../../providers/payments-in/index.ts';
import type { HandlerUnit } from '../../events/dispatcher.ts';
import { withLookUp, type LookUpContext } from '../provider-calls/index.ts';
import { findFinancialAccount } from '../treasury/index.ts';
import { failCharge } from './charge-outcomes.ts';

export const CHARGE_CARD = 'payments_in.card_charge';
export const CHARGE_ACH = 'payments_in.ach_debit';

/** A bank debit's source as the call keeps it: an account number sealed with deps.secrets, never in clear. */
export type StoredBankSource =
  Extract<BankSource, { kind: 'financial_connections' }> | { kind: 'numbers'; account_number_sealed: string; routing_number: string };

/**
 * What a charge's call carries: our ids, the amount and Crewpay's fee, the organisation's account,
 * and the card token, or the bank, the payer's name and their mandate (IP and browser: sealed).
 */
export type ChargeCallRequest = {
  charge_id: string;
  invoice_id: string;
  amount: number;
  /** The invoice's currency; absent in calls recorded before invoices had one (USD). */
  currency?: string;
  fee: number;
  account: string | null;
  token?: string;
  bank?: StoredBankSource;
  payer?: { name: string; email: string | null };
  mandate_sealed?: string;
};

const requestOf = (call: ProviderCall) => call.request as ChargeCallRequest;

/**
 * Before the organisation's first payment lands: its payouts go to its own financial account
 * (docs/money-flows.md). A refusal here must not stop the payment (the money waits in its
 * payments balance), so only a retryable failure is passed on.
 */
async function payOutToWallet(deps: AppDeps, orgId: string, account: string | null): Promise<void> {
  if (!account) return;
  const wallet = await findFinancialAccount(deps.db, orgId).catch(() => null);
  if (!wallet?.account_number_encrypted || !wallet.routing_number) return;
  try {
    await paymentsInProvider(deps).payOutToWallet({
      org_id: orgId,
      account,
      account_number: deps.secrets.decrypt(wallet.account_number_encrypted),
      routing_number: wallet.routing_number,
    });
  } catch (error) {
    if (error instanceof ProviderCallError && error.retryable) throw error;
    console.error(
      '[invoices] the payout destination could not be set; payments wait in the account balance',
      String((error as Error).name),
    );
  }
}

/** The call's answer as the outbox keeps it: what the payer must still do, its client secret and page sealed (never in clear in provider_calls). */
type ChargeAnswer = { provider_id: string; next_action: 'authenticate' | 'verify_bank' | null; next_action_sealed: string | null };

const answerOf = (deps: Pick<AppDeps, 'secrets'>, charge: ProviderCharge): ChargeAnswer => ({
  provider_id: charge.provider_id,
  next_action: charge.action?.type ?? null,
  next_action_sealed: charge.action ? deps.secrets.encrypt(JSON.stringify(charge.action)) : null,
});

/** The provider took the charge: its id is recorded (unless its event came first), and what the payer must still do. */
async function recordCharge({ tx }: HandlerUnit, call: ProviderCall, answer: ChargeAnswer): Promise<void> {
  await tx
    .update(charges)
    .set({ provider_id: answer.provider_id, next_action: answer.next_action, next_action_sealed: answer.next_action_sealed })
    .where(and(eq(charges.org_id, call.org_id), eq(charges.id, requestOf(call).charge_id), eq(charges.status, 'pending')));
}

/** Refused for good (a declined card): the charge fails, the invoice stays open, the organisation is told. */
async function refuseCharge(unit: HandlerUnit, call: ProviderCall, error: { code: string }): Promise<void> {
  await failCharge(unit, { org_id: call.org_id, charge_id: requestOf(call).charge_id, reason: error.code, now: await sandboxNow(unit.tx) });
}

/**
 * What a card charge and a bank debit share once made: how the outcome is recorded, and the
 * charge the provider made for ours when its answer was lost (among the PaymentIntents of the
 * days before), answered as the call would have.
 */
const chargeOutcome = {
  onSucceeded: recordCharge,
  onFailed: refuseCharge,
  find: (deps: AppDeps, request: ChargeCallRequest, ctx: LookUpContext) =>
    paymentsInProvider(deps).findCharge?.({ org_id: ctx.org_id, account: request.account, charge_id: request.charge_id, since: ctx.since }),
  done: (found: ProviderCharge, deps: AppDeps) => answerOf(deps, found),
};

export const cardChargeOperation = withLookUp<ChargeCallRequest, ChargeAnswer, ProviderCharge>({
  operation: CHARGE_CARD,
  async call(deps, request, ctx) {
    await payOutToWallet(deps, ctx.org_id, request.account);
    const charge = await paymentsInProvider(deps).chargeCard({
      org_id: ctx.org_id,
      account: request.account,
      amount: request.amount,
      currency: request.currency ?? 'usd',
      fee: request.fee,
      token: request.token!,
      idempotency_key: ctx.idempotency_key,
      metadata: { charge_id: request.charge_id, invoice_id: request.invoice_id },
    });
    return answerOf(deps, charge);
  },
  ...chargeOutcome,
});

export const achChargeOperation = withLookUp<ChargeCallRequest, ChargeAnswer, ProviderCharge>({
  operation: CHARGE_ACH,
  async call(deps, request, ctx) {
    await payOutToWallet(deps, ctx.org_id, request.account);
    const bank = request.bank!;
    const source: BankSource =
      bank.kind === 'numbers'
        ? { kind: 'numbers', account_number: deps.secrets.decrypt(bank.account_number_sealed), routing_number: bank.routing_number }
        : bank;
    const charge = await paymentsInProvider(deps).debitBank({
      org_id: ctx.org_id,
      account: request.account,
      amount: request.amount,
      currency: request.currency ?? 'usd',
      fee: request.fee,
      source,
      payer: request.payer!,
      mandate: JSON.parse(deps.secrets.decrypt(request.mandate_sealed!)) as Mandate,
      idempotency_key: ctx.idempotency_key,
      metadata: { charge_id: request.charge_id, invoice_id: request.invoice_id },
    });
    return answerOf(deps, charge);
  },
  ...chargeOutcome,
});
