import type { FakeAnswer, FakeRequest } from '../http-fake.ts';
import type { PaypalAccount } from './accounts.ts';
import type { Caller } from './auth.ts';
import { centsOf, paypalError, paypalId, valueOf } from './money.ts';
import { CANCELED_BATCH_RECEIVER, DENIED_BATCH_RECEIVER, GIVES_MONEY_BACK, ITEM_EVENTS, RECEIVER_OUTCOMES, daysMs } from './outcomes.ts';
import { payoutRequestProblems } from './payout-rules.ts';

type Json = Record<string, unknown>;
type FakeItem = {
  payout_item_id: string;
  transaction_id: string;
  transaction_status: string;
  payout_batch_id: string;
  sender_batch_id: string;
  amount: number;
  payout_item: Json;
  time_processed?: string;
  errors?: { name: string; message: string };
};
type FakeBatch = {
  sender: string;
  header: Json & { payout_batch_id: string; batch_status: string };
  items: FakeItem[];
  /** GETs that still show no items (a batch PayPal is slow to list). */
  unlistedReads: number;
  processed: boolean;
};

/**
 * The Payouts API (v1): a batch of at most 15,000 items paid from the sender's balance (the
 * partner's own, or a merchant's when the call carries its PayPal-Auth-Assertion), debited when
 * the batch is accepted; sender_batch_id once per sender; PayPal-Request-Id answering the first
 * answer again. PayPal processes a batch after answering (process()): each item reaches the
 * status its receiver's test value gives, money back in the sender's balance for failed,
 * blocked, returned, refunded and reversed items; later statuses come due on the fake's clock.
 */
export function createPayouts(options: {
  accounts: Map<string, PaypalAccount>;
  now: () => number;
  emit: (type: string, resourceType: string, resource: Json) => void;
  baseUrl: () => string;
}) {
  const batches = new Map<string, FakeBatch>();
  /** Each sender's sender_batch_ids and the batch each made. */
  const senderBatchIds = new Map<string, string>();
  const answersByRequestId = new Map<string, FakeAnswer>();
  const scheduled: { due: number; item: FakeItem; sender: string; status: string; event?: string }[] = [];
  let slowListing = 0;
  const iso = () => new Date(options.now()).toISOString();

  /**
   * Breakdowns after the work (afterWork): the next create makes its batch, then answers a 500
   * that its PayPal-Request-Id keeps and answers again (saved_500), or a 500 kept nowhere
   * (lost_500: a retry under the same sender_batch_id is refused as a duplicate, with the link to the batch).
   */
  const afterWork: ('saved_500' | 'lost_500')[] = [];
  const breakdown = () => paypalError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.');

  function create(request: FakeRequest, caller: Caller): FakeAnswer {
    const requestId = request.headers['paypal-request-id'];
    const replayKey = typeof requestId === 'string' ? `${caller.acting} ${requestId}` : null;
    const earlier = replayKey ? answersByRequestId.get(replayKey) : undefined;
    if (earlier) return earlier;
    const answer = createBatch(JSON.parse(request.body) as Json, caller);
    const fault = answer.status === 201 ? afterWork.shift() : undefined;
    if (fault === 'lost_500') return breakdown();
    if (fault === 'saved_500') {
      if (replayKey) answersByRequestId.set(replayKey, breakdown());
      return breakdown();
    }
    if (replayKey && answer.status < 500) answersByRequestId.set(replayKey, answer);
    return answer;
  }

  function createBatch(body: Json, caller: Caller): FakeAnswer {
    const problems = payoutRequestProblems(body);
    if (problems.length > 0)
      return paypalError(400, 'VALIDATION_ERROR', 'Invalid request - see details', {
        details: problems.map((issue) => ({ field: issue.field, location: 'body', issue: issue.issue })),
      });
    const header = body.sender_batch_header as Json;
    const senderBatchId = `${caller.acting} ${String(header.sender_batch_id)}`;
    const original = senderBatchIds.get(senderBatchId);
    // As documented: the duplicate sender_batch_id is refused with a HATEOAS link to the original batch.
    if (original)
      return paypalError(400, 'USER_BUSINESS_ERROR', 'User business error.', {
        details: [
          { field: 'SENDER_BATCH_ID', value: String(header.sender_batch_id), issue: 'Batch with given sender_batch_id already exists' },
        ],
        links: [{ href: `${options.baseUrl()}/v1/payments/payouts/${original}`, rel: 'self', method: 'GET' }],
      });
    const items = body.items as Json[];
    const total = items.reduce((sum, item) => sum + centsOf((item.amount as Json).value)!, 0);
    const sender = options.accounts.get(caller.acting)!;
    if (sender.balance < total)
      return paypalError(422, 'INSUFFICIENT_FUNDS', 'Sender does not have sufficient funds. Please add funds and retry.');
    sender.balance -= total;
    const batchId = paypalId(13);
    senderBatchIds.set(senderBatchId, batchId);
    const batch: FakeBatch = {
      sender: caller.acting,
      header: {
        payout_batch_id: batchId,
        batch_status: 'PENDING',
        time_created: iso(),
        sender_batch_header: header,
        funding_source: 'BALANCE',
        amount: { currency: 'USD', value: valueOf(total) },
        fees: { currency: 'USD', value: '0.00' },
      },
      items: items.map((item) => ({
        payout_item_id: paypalId(13),
        transaction_id: paypalId(17),
        transaction_status: 'PENDING',
        payout_batch_id: batchId,
        sender_batch_id: String(header.sender_batch_id),
        amount: centsOf((item.amount as Json).value)!,
        payout_item: {
          ...item,
          recipient_type: item.recipient_type ?? header.recipient_type,
          recipient_wallet: item.recipient_wallet ?? 'PAYPAL',
        },
      })),
      unlistedReads: slowListing,
      processed: false,
    };
    slowListing = 0;
    batches.set(batchId, batch);
    const { sender_batch_header, batch_status, payout_batch_id, time_created } = batch.header;
    return {
      status: 201,
      body: {
        batch_header: { payout_batch_id, batch_status, time_created, sender_batch_header },
        links: [{ href: `${options.baseUrl()}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }],
      },
    };
  }

  function show(request: FakeRequest, caller: Caller, batchId: string): FakeAnswer {
    const batch = batches.get(batchId);
    if (!batch || batch.sender !== caller.acting) return paypalError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    const listed = batch.unlistedReads > 0 ? [] : batch.items;
    if (batch.unlistedReads > 0) batch.unlistedReads -= 1;
    const pageSize = Number(request.query.get('page_size') ?? 1000) || 1000;
    const page = Math.max(1, Number(request.query.get('page') ?? 1) || 1);
    const totals = request.query.get('total_required') === 'true';
    return {
      status: 200,
      body: {
        batch_header: batch.header,
        items: listed.slice((page - 1) * pageSize, page * pageSize).map((item) => itemAnswer(item)),
        ...(totals ? { total_items: listed.length, total_pages: Math.max(1, Math.ceil(listed.length / pageSize)) } : {}),
        links: [{ href: `${options.baseUrl()}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }],
      },
    };
  }

  function itemAnswer(item: FakeItem): Json {
    const { amount: _amount, sender_batch_id: _sender, ...rest } = item;
    return {
      ...rest,
      payout_item_fee: { currency: 'USD', value: '0.00' },
      links: [{ href: `${options.baseUrl()}/v1/payments/payouts-item/${item.payout_item_id}`, rel: 'item', method: 'GET' }],
    };
  }

  /** An item reaches `status`: its money goes back to the sender when the status says so, and PayPal sends its event. */
  function setStatus(item: FakeItem, sender: string, status: string, error?: string, event = ITEM_EVENTS[status]!) {
    item.transaction_status = status;
    item.time_processed = iso();
    if (error) item.errors = { name: error, message: error };
    if (GIVES_MONEY_BACK.has(status)) options.accounts.get(sender)!.balance += item.amount;
    options.emit(event, 'payouts_item', { ...itemAnswer(item), sender_batch_id: item.sender_batch_id });
  }

  function processBatch(batch: FakeBatch) {
    batch.processed = true;
    const has = (receiver: string) => batch.items.some((item) => String(item.payout_item.receiver).toLowerCase() === receiver);
    const refused = has(DENIED_BATCH_RECEIVER) ? 'DENIED' : has(CANCELED_BATCH_RECEIVER) ? 'CANCELED' : null;
    if (refused) {
      // A denied or canceled batch pays nobody: its money goes back to the sender and its items are never listed.
      options.accounts.get(batch.sender)!.balance += batch.items.reduce((sum, item) => sum + item.amount, 0);
      batch.items = [];
      batch.unlistedReads = 0;
      batch.header.batch_status = refused;
      // PayPal has an event for a denied batch only.
      if (refused === 'DENIED') options.emit('PAYMENT.PAYOUTSBATCH.DENIED', 'payouts', { batch_header: batch.header });
      return;
    }
    batch.header.batch_status = 'PROCESSING';
    for (const item of batch.items) {
      const outcome = RECEIVER_OUTCOMES[String(item.payout_item.receiver).toLowerCase()] ?? { first: 'SUCCESS' };
      setStatus(item, batch.sender, outcome.first, outcome.error);
      if (outcome.then && outcome.afterDays)
        scheduled.push({
          due: options.now() + daysMs(outcome.afterDays),
          item,
          sender: batch.sender,
          status: outcome.then,
          event: outcome.thenEvent,
        });
      else if (outcome.then) setStatus(item, batch.sender, outcome.then);
    }
    batch.header.batch_status = 'SUCCESS';
    batch.header.time_completed = iso();
    options.emit('PAYMENT.PAYOUTSBATCH.SUCCESS', 'payouts', { batch_header: batch.header });
  }

  /** What PayPal does in the meantime: new batches are processed, statuses whose time has come are reached. */
  function process() {
    for (const batch of batches.values()) if (!batch.processed) processBatch(batch);
    for (const entry of scheduled.filter((candidate) => candidate.due <= options.now())) {
      scheduled.splice(scheduled.indexOf(entry), 1);
      setStatus(entry.item, entry.sender, entry.status, undefined, entry.event);
    }
  }

  return {
    batches,
    create,
    show,
    process,
    /** The next batch created is made, then answered with a 500 its PayPal-Request-Id keeps (saved_500) or that nothing keeps (lost_500). */
    faultAfterWork: (fault: 'saved_500' | 'lost_500') => {
      afterWork.push(fault);
    },
    /** The next batch created shows no items for its first `reads` GETs. */
    listSlowly: (reads: number) => {
      slowListing = reads;
    },
  };
}
