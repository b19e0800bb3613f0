import type { FakeAnswer } from './http-fake.ts';
import { fakeId, unixNow, view, type Emit, type FakeCharge, type Json, type Money, type StripeError } from './stripe-payments-money.ts';

type Refund = Json & { id: string; account: string | undefined; amount: number; status: string; charge: string };

const missing = (error: StripeError, what: string) =>
  error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` });

/**
 * Refunds, charges and application fees as Stripe answers them: a refund of a payment on the
 * account that took it (full or partial, never beyond what is left, never of a disputed charge),
 * taken from that account's balance at once; a card refund succeeds at once (refund.created,
 * charge.refunded), except the refundFail test card's, which fails later (refund.failed, the
 * money back); a bank refund is pending until the ACH network answers. refund_application_fee
 * gives back the platform's fee in proportion. On the platform, an application fee is refunded
 * on its own (POST /v1/application_fees/:id/refunds): into the connected account's balance.
 */
export function createRefunds(deps: { error: StripeError; emit: Emit; money: Money; schedule: (work: () => void) => void }) {
  const { error, emit, money } = deps;
  const refunds = new Map<string, Refund>();
  /** The platform's refunds of its application fees, in order (listed by GET /v1/application_fees/:id/refunds). */
  const feeRefunds: Json[] = [];
  const emitRefund = (type: string, refund: Refund) => emit(type, view(refund), refund.account);
  const chargeView = (charge: FakeCharge) => {
    const { method_type: _type, refund_fails: _fails, ...rest } = view(charge) as FakeCharge;
    return rest;
  };

  function settle(refund: Refund, charge: FakeCharge, status: 'succeeded' | 'failed') {
    refund.status = status;
    if (status === 'failed') {
      refund.failure_reason = 'expired_or_canceled_card';
      charge.amount_refunded -= refund.amount;
      money.move(charge.account, refund.amount);
      emitRefund('refund.failed', refund);
    }
    charge.refunded = charge.amount_refunded === charge.amount;
    emitRefund('refund.updated', refund);
    if (status === 'succeeded') emit('charge.refunded', chargeView(charge), charge.account);
  }

  function chargeOf(params: Json, account: string | undefined): FakeCharge | undefined {
    for (const charge of money.charges.values())
      if (charge.account === account && (charge.id === params.charge || charge.payment_intent === params.payment_intent)) return charge;
    return undefined;
  }

  function create(params: Json, account: string | undefined): FakeAnswer {
    const charge = chargeOf(params, account);
    if (!charge) return missing(error, 'charge or payment_intent');
    if (charge.disputed)
      return error(400, { type: 'invalid_request_error', code: 'charge_disputed', message: `Charge ${charge.id} has been disputed` });
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return error(400, {
        type: 'invalid_request_error',
        code: left === 0 ? 'charge_already_refunded' : 'amount_too_large',
        param: 'amount',
        message: `Refund amount is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      });
    const isBank = charge.method_type === 'us_bank_account';
    const refund: Refund = {
      id: fakeId(isBank ? 'pyr' : 're'),
      object: 'refund',
      account,
      amount,
      currency: 'usd',
      created: unixNow(),
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      status: isBank ? 'pending' : 'succeeded',
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    money.move(account, -amount);
    if (params.refund_application_fee === 'true' && charge.application_fee) {
      const fee = money.applicationFees.get(charge.application_fee)!;
      const share =
        charge.amount_refunded === charge.amount ? fee.amount - fee.amount_refunded : Math.round((fee.amount * amount) / charge.amount);
      money.refundApplicationFee(fee, Math.min(share, fee.amount - fee.amount_refunded));
    }
    emitRefund('refund.created', refund);
    if (isBank) deps.schedule(() => settle(refund, charge, 'succeeded'));
    else if (charge.refund_fails) {
      emit('charge.refunded', chargeView(charge), account);
      deps.schedule(() => settle(refund, charge, 'failed'));
    } else settle(refund, charge, 'succeeded');
    return { status: 200, body: view(refund) };
  }

  function refundFee(id: string, params: Json, account: string | undefined): FakeAnswer {
    const fee = money.applicationFees.get(id);
    // Application fees are the platform's: requested without a Stripe-Account header.
    if (!fee || account) return missing(error, `application_fee: '${id}'`);
    const left = fee.amount - fee.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return error(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: 'Refund exceeds the fee' });
    money.refundApplicationFee(fee, amount);
    const feeRefund = {
      id: fakeId('fr'),
      object: 'fee_refund',
      amount,
      currency: 'usd',
      created: unixNow(),
      fee: fee.id,
      metadata: params.metadata ?? {},
    };
    feeRefunds.push(feeRefund);
    return { status: 200, body: feeRefund };
  }

  /** GET /v1/application_fees/:id/refunds: the fee's refunds, newest first (Stripe's list, by its pages). */
  function listFeeRefunds(id: string, account: string | undefined, query: URLSearchParams): FakeAnswer {
    if (!money.applicationFees.get(id) || account) return missing(error, `application_fee: '${id}'`);
    const gte = Number(query.get('created[gte]') ?? 0);
    const limit = Math.min(Number(query.get('limit') ?? 10) || 10, 100);
    let found = feeRefunds.filter((refund) => refund.fee === id && Number(refund.created) >= gte).reverse();
    const after = query.get('starting_after');
    if (after) found = found.slice(found.findIndex((refund) => refund.id === after) + 1);
    return {
      status: 200,
      body: { object: 'list', url: `/v1/application_fees/${id}/refunds`, has_more: found.length > limit, data: found.slice(0, limit) },
    };
  }

  function post(path: string, params: Json, account: string | undefined): FakeAnswer | null {
    if (path === '/v1/refunds') return create(params, account);
    const [, , collection, id, action] = path.split('/');
    if (collection === 'application_fees' && id && action === 'refunds') return refundFee(id, params, account);
    return null;
  }

  function get(path: string, account: string | undefined, query: URLSearchParams): FakeAnswer | null {
    if (path === '/v1/refunds') {
      const charge = query.get('charge');
      const intent = query.get('payment_intent');
      const data = [...refunds.values()]
        .filter((refund) => refund.account === account && (!charge || refund.charge === charge))
        .filter((refund) => !intent || refund.payment_intent === intent)
        .reverse();
      return { status: 200, body: { object: 'list', data: data.map(view), has_more: false } };
    }
    const [, , collection, id, part] = path.split('/');
    if (!id) return null;
    if (collection === 'application_fees' && part === 'refunds') return listFeeRefunds(id, account, query);
    if (collection === 'refunds') {
      const refund = refunds.get(id);
      return refund && refund.account === account ? { status: 200, body: view(refund) } : missing(error, 'refund');
    }
    if (collection === 'balance_transactions') {
      const transaction = money.balanceTransactions.get(id);
      return transaction && transaction.account === account
        ? { status: 200, body: view(transaction) }
        : missing(error, 'balance_transaction');
    }
    if (collection === 'charges') {
      const charge = money.charges.get(id);
      return charge && charge.account === account ? { status: 200, body: chargeView(charge) } : missing(error, 'charge');
    }
    if (collection === 'application_fees') {
      const fee = money.applicationFees.get(id);
      return fee && !account ? { status: 200, body: { ...view(fee), account: fee.account } } : missing(error, 'application_fee');
    }
    return null;
  }

  return { post, get, refunds };
}
