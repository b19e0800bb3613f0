import type { FakeAnswer } from './http-fake.ts';
import {
  fakeId,
  settlementOf,
  unixNow,
  view,
  type Emit,
  type FakeCharge,
  type Json,
  type Money,
  type StripeError,
} from './stripe-payments-money.ts';

/** `amount` is in the charge's currency, as Stripe's dispute says it; `internal.usd` what moves on the account's USD balance. */
type Dispute = Json & {
  id: string;
  account: string | undefined;
  amount: number;
  status: string;
  internal: { withdrawn: boolean; usd: number; rate: number | null };
};

/** Stripe's dispute fee, paid by whoever pays Stripe's fees (the platform when controller.fees.payer = application). */
const DISPUTE_FEE = 1_500;
const OPEN = ['needs_response', 'warning_needs_response'];

/**
 * Disputes as Stripe runs them on the account that took the charge: opened by the card's bank
 * (the test cards' dispute) with the amount withdrawn at once (charge.dispute.created, then
 * charge.dispute.funds_withdrawn; an inquiry withdraws nothing), evidence submitted in test
 * mode with Stripe's magic texts "winning_evidence" / "losing_evidence" deciding the outcome
 * later (won: charge.dispute.funds_reinstated, then charge.dispute.closed), or accepted with
 * close (lost at once).
 */
export function createDisputes(deps: { error: StripeError; emit: Emit; money: Money; schedule: (work: () => void) => void }) {
  const { error, emit, money } = deps;
  const disputes = new Map<string, Dispute>();
  const emitDispute = (type: string, dispute: Dispute) => emit(type, view(dispute), dispute.account);

  function close(dispute: Dispute, outcome: 'won' | 'lost') {
    if (outcome === 'won' && dispute.internal.withdrawn) {
      money.move(dispute.account, dispute.internal.usd);
      dispute.internal.withdrawn = false;
      (dispute.balance_transactions as Json[]).push({
        id: fakeId('txn'),
        object: 'balance_transaction',
        amount: dispute.internal.usd,
        currency: 'usd',
        exchange_rate: dispute.internal.rate,
        fee: 0,
        type: 'adjustment',
      });
      emitDispute('charge.dispute.funds_reinstated', dispute);
    }
    dispute.status = outcome;
    emitDispute('charge.dispute.closed', dispute);
  }

  function open(charge: FakeCharge, cause: { reason: string; inquiry?: boolean }) {
    const amount = charge.amount - charge.amount_refunded;
    // A charge in another currency: the dispute is in it, the account's USD balance moves by its dollars.
    const settled = settlementOf(String(charge.currency), amount, 0);
    const dispute: Dispute = {
      id: fakeId('du'),
      object: 'dispute',
      account: charge.account,
      amount,
      currency: charge.currency,
      created: unixNow(),
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: cause.reason,
      status: cause.inquiry ? 'warning_needs_response' : 'needs_response',
      is_charge_refundable: false,
      evidence: { uncategorized_text: null },
      evidence_details: { due_by: unixNow() + 7 * 86_400, has_evidence: false, submission_count: 0 },
      balance_transactions: [],
      metadata: {},
      internal: { withdrawn: false, usd: settled.amount, rate: settled.rate },
    };
    disputes.set(dispute.id, dispute);
    charge.disputed = true;
    emitDispute('charge.dispute.created', dispute);
    if (cause.inquiry) return;
    money.move(charge.account, -settled.amount);
    money.payStripeFee(charge.account, DISPUTE_FEE);
    dispute.internal.withdrawn = true;
    (dispute.balance_transactions as Json[]).push({
      id: fakeId('txn'),
      object: 'balance_transaction',
      amount: -settled.amount,
      currency: 'usd',
      exchange_rate: settled.rate,
      fee: DISPUTE_FEE,
      type: 'adjustment',
    });
    emitDispute('charge.dispute.funds_withdrawn', dispute);
  }

  function update(dispute: Dispute, params: Json): FakeAnswer {
    if (!OPEN.includes(dispute.status))
      return error(400, { type: 'invalid_request_error', code: 'dispute_already_closed', message: 'This dispute is already closed' });
    const text = (params.evidence as { uncategorized_text?: string } | undefined)?.uncategorized_text ?? null;
    dispute.evidence = { uncategorized_text: text };
    if (params.submit !== 'false') {
      dispute.status = 'under_review';
      (dispute.evidence_details as Json).submission_count = 1;
      if (text === 'winning_evidence') deps.schedule(() => close(dispute, 'won'));
      if (text === 'losing_evidence') deps.schedule(() => close(dispute, 'lost'));
    }
    emitDispute('charge.dispute.updated', dispute);
    return { status: 200, body: view(dispute) };
  }

  function post(path: string, params: Json, account: string | undefined): FakeAnswer | null {
    const [, , collection, id, action] = path.split('/');
    if (collection !== 'disputes' || !id) return null;
    const dispute = disputes.get(id);
    if (!dispute || dispute.account !== account)
      return error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such dispute: '${id}'` });
    if (action !== 'close') return update(dispute, params);
    if (!OPEN.includes(dispute.status))
      return error(400, { type: 'invalid_request_error', code: 'dispute_already_closed', message: 'This dispute is already closed' });
    close(dispute, 'lost');
    return { status: 200, body: view(dispute) };
  }

  function get(path: string, account: string | undefined): FakeAnswer | null {
    const [, , collection, id] = path.split('/');
    if (collection !== 'disputes' || !id) return null;
    const dispute = disputes.get(id);
    return dispute && dispute.account === account
      ? { status: 200, body: view(dispute) }
      : error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such dispute: '${id}'` });
  }

  return { open, post, get, disputes };
}

export type Disputes = ReturnType<typeof createDisputes>;
