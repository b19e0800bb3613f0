import { randomBytes } from 'node:crypto';
import { parseForm, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { id, listAnswer, missing, now, stripeError, type Emit, type Json, type StripeRouteModule } from './stripe-core-fake.ts';
import { createSetupIntentsFake } from './stripe-setup-intents-fake.ts';
import { createOutboundFake, TEST_BANK_FAILURES, type FakeFinancialAccount } from './stripe-treasury-outbound-fake.ts';

export { STRIPE_TEST_DESCRIPTOR_CODE } from './stripe-setup-intents-fake.ts';

const digits = (length: number) => Array.from(randomBytes(length), (byte) => String(byte % 10)).join('');
const TREASURY_ROUTING_NUMBER = '101019644';
const FEATURES = ['financial_addresses.aba', 'inbound_transfers.ach', 'outbound_payments.ach', 'intra_stripe_flows'];

type AccountsView = { exists(account: string): boolean; isTreasuryActive(account: string): boolean };

/**
 * Stripe Treasury (v1) as Crewpay uses it, inside the Stripe fake: FinancialAccounts on connected
 * accounts (Stripe-Account header) and the platform's own (no header); their features stay
 * pending until the account's treasury capability is active (features_status_updated then);
 * SetupIntents verified by micro-deposits; InboundTransfers from a verified PaymentMethod and
 * OutboundPayments, both processing until the test helpers (succeed/fail/return,
 * post/fail/return) or `settle` (each test bank account's documented outcome) move them; and the
 * ReceivedCredit test helper. Balances are in cents: cash, inbound_pending, outbound_pending.
 */
export function createTreasuryFake(emit: Emit, accounts: AccountsView) {
  const financialAccounts = new Map<string, FakeFinancialAccount>();
  const inboundTransfers = new Map<string, Json>();
  const setupIntents = createSetupIntentsFake(emit);
  const view = ({ account: _account, ...object }: Json) => structuredClone(object);
  const outbound = createOutboundFake({ emit, financialAccounts, view });
  const options = { pendingAddresses: false };

  function financialAccountView(account: FakeFinancialAccount, expand: string[]): Json {
    const {
      cash,
      inbound_pending: inbound,
      outbound_pending: outgoing,
      account_number: number,
      pending,
      account: _account,
      ...rest
    } = account;
    const aba = {
      account_holder_name: 'Crewpay organisation',
      account_number_last4: number.slice(-4),
      bank_name: 'Fifth Third Bank',
      routing_number: TREASURY_ROUTING_NUMBER,
      ...(expand.includes('financial_addresses.aba.account_number') ? { account_number: number } : {}),
    };
    return {
      ...structuredClone(rest),
      balance: { cash: { usd: cash }, inbound_pending: { usd: inbound }, outbound_pending: { usd: outgoing } },
      active_features: pending ? [] : FEATURES,
      pending_features: pending ? FEATURES : [],
      financial_addresses: pending ? [] : [{ type: 'aba', supported_networks: ['ach', 'us_domestic_wire'], aba }],
    };
  }

  function openFinancialAccount(account: string | undefined, params: Json): FakeFinancialAccount {
    const created: FakeFinancialAccount = {
      id: id('fa'),
      object: 'treasury.financial_account',
      account,
      country: 'US',
      created: now(),
      livemode: false,
      metadata: params.metadata ?? {},
      status: 'open',
      supported_currencies: params.supported_currencies ?? ['usd'],
      cash: 0,
      inbound_pending: 0,
      outbound_pending: 0,
      account_number: digits(10),
      pending: account !== undefined && (options.pendingAddresses || !accounts.isTreasuryActive(account)),
    };
    financialAccounts.set(created.id, created);
    return created;
  }
  const platform = openFinancialAccount(undefined, { metadata: { platform: 'true' } });

  function activateFeatures(financialAccountId: string) {
    const financialAccount = financialAccounts.get(financialAccountId)!;
    if (!financialAccount.pending) return;
    financialAccount.pending = false;
    emit('treasury.financial_account.features_status_updated', financialAccountView(financialAccount, []), financialAccount.account);
  }

  function createInboundTransfer(params: Json, account: string | undefined): FakeAnswer {
    const financialAccount = financialAccounts.get(params.financial_account as string);
    if (!financialAccount || financialAccount.account !== account) return missing('financial_account');
    const method = setupIntents.paymentMethods.get(params.origin_payment_method as string);
    if (!method || method.account !== account) return missing('payment_method');
    if (!method.verified)
      return stripeError(400, { type: 'invalid_request_error', code: 'payment_method_unverified', param: 'origin_payment_method' });
    const transfer: Json = {
      id: id('ibt'),
      object: 'treasury.inbound_transfer',
      account,
      amount: Number(params.amount),
      currency: params.currency,
      created: now(),
      description: params.description ?? null,
      financial_account: financialAccount.id,
      origin_payment_method: params.origin_payment_method,
      metadata: params.metadata ?? {},
      status: 'processing',
      returned: false,
      failure_details: null,
      linked_flows: { received_debit: null },
      origin_number: method.account_number,
    };
    financialAccount.inbound_pending += transfer.amount as number;
    inboundTransfers.set(transfer.id as string, transfer);
    return { status: 200, body: inboundView(transfer) };
  }

  const inboundView = ({ origin_number: _number, ...transfer }: Json) => view(transfer);

  /** The test helpers' succeed, fail and return of an InboundTransfer. */
  function moveInbound(transferId: string, action: string, code?: string): FakeAnswer {
    const transfer = inboundTransfers.get(transferId);
    if (!transfer) return missing('inbound_transfer');
    const financialAccount = financialAccounts.get(transfer.financial_account as string)!;
    const amount = transfer.amount as number;
    const expected = action === 'return' ? 'succeeded' : 'processing';
    if (transfer.status !== expected || transfer.returned)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'inbound_transfer_unexpected_state',
        message: `The InboundTransfer is ${transfer.status as string}`,
      });
    const account = transfer.account as string | undefined;
    if (action === 'succeed') {
      financialAccount.inbound_pending -= amount;
      financialAccount.cash += amount;
      transfer.status = 'succeeded';
      emit('treasury.inbound_transfer.succeeded', inboundView(transfer), account);
    } else if (action === 'fail') {
      financialAccount.inbound_pending -= amount;
      Object.assign(transfer, { status: 'failed', failure_details: { code: code ?? 'could_not_process' } });
      emit('treasury.inbound_transfer.failed', inboundView(transfer), account);
    } else if (action === 'return') {
      const debit = id('rd');
      Object.assign(transfer, { returned: true, failure_details: { code: code ?? 'declined' }, linked_flows: { received_debit: debit } });
      financialAccount.cash -= amount;
      const linked = {
        inbound_transfer: transfer.id,
        debit_reversal: null,
        issuing_authorization: null,
        issuing_transaction: null,
        payout: null,
      };
      const receivedDebit = {
        id: debit,
        object: 'treasury.received_debit',
        amount,
        currency: 'usd',
        financial_account: financialAccount.id,
        network: 'ach',
        status: 'succeeded',
        failure_code: null,
        linked_flows: linked,
      };
      emit('treasury.received_debit.created', receivedDebit, account);
    } else return missing(`test helper ${action}`);
    return { status: 200, body: inboundView(transfer) };
  }

  /**
   * Stripe's test helper for a ReceivedDebit (someone outside pulls money by ACH with the financial
   * account's numbers): the cash leaves at once; not linked to any InboundTransfer of ours.
   */
  function receiveDebit(params: Json, account: string | undefined): FakeAnswer {
    const target = financialAccounts.get(params.financial_account as string);
    if (!target || target.account !== account) return missing('financial_account');
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, { type: 'invalid_request_error', param: 'amount' });
    const succeeded = amount <= target.cash;
    if (succeeded) target.cash -= amount;
    const debit = {
      id: id('rd'),
      object: 'treasury.received_debit',
      amount,
      currency: 'usd',
      created: now(),
      description: String(params.description ?? 'ACH debit'),
      financial_account: target.id,
      network: String(params.network ?? 'ach'),
      status: succeeded ? 'succeeded' : 'failed',
      failure_code: succeeded ? null : 'insufficient_funds',
      linked_flows: { debit_reversal: null, inbound_transfer: null, issuing_authorization: null, issuing_transaction: null, payout: null },
    };
    emit('treasury.received_debit.created', debit, account);
    return { status: 200, body: debit };
  }

  /** POST /v1/treasury/credit_reversals: a ReceivedCredit sent back to its sender; the cash leaves at once (processing, then posted). */
  function reverseCredit(params: Json, account: string | undefined): FakeAnswer {
    const credit = outbound.credits.find((entry) => entry.id === params.received_credit);
    const target = credit && financialAccounts.get(credit.financial_account as string);
    if (!credit || !target || target.account !== account) return missing('received_credit');
    const amount = credit.amount as number;
    if ((credit.linked_flows as Json).credit_reversal || amount > target.cash)
      return stripeError(400, { type: 'invalid_request_error', code: 'received_credit_not_reversible', param: 'received_credit' });
    target.cash -= amount;
    const reversal = {
      id: id('credrev'),
      object: 'treasury.credit_reversal',
      amount,
      currency: 'usd',
      created: now(),
      financial_account: target.id,
      network: credit.network,
      received_credit: credit.id,
      status: 'processing',
      metadata: params.metadata ?? {},
    };
    (credit.linked_flows as Json).credit_reversal = reversal.id;
    emit('treasury.credit_reversal.created', reversal, account);
    return { status: 200, body: reversal };
  }

  function post(request: FakeRequest, params: Json, account: string | undefined): FakeAnswer | null {
    const parts = request.path.split('/');
    const [, , collection, objectId, action] = parts;
    const isTreasury = collection === 'treasury' || request.path.startsWith('/v1/test_helpers/treasury/');
    if (!isTreasury && !(collection === 'setup_intents' && account)) return null;
    if (account && !accounts.exists(account)) return stripeError(403, { type: 'invalid_request_error', code: 'account_invalid' });
    if (request.path === '/v1/treasury/financial_accounts') {
      if (!account)
        return stripeError(400, { type: 'invalid_request_error', message: 'The platform financial account is provisioned by Stripe' });
      return {
        status: 200,
        body: financialAccountView(openFinancialAccount(account, params), (params.expand as string[] | undefined) ?? []),
      };
    }
    if (collection === 'setup_intents' && !objectId) return setupIntents.create(params, account!);
    if (collection === 'setup_intents' && action === 'verify_microdeposits') return setupIntents.verify(objectId, account!, params);
    if (request.path === '/v1/treasury/inbound_transfers') return createInboundTransfer(params, account);
    if (request.path === '/v1/treasury/outbound_payments') return outbound.create(params, account);
    if (request.path === '/v1/test_helpers/treasury/received_credits') {
      const target = financialAccounts.get(params.financial_account as string);
      if (!target || target.account !== account) return missing('financial_account');
      const credit = outbound.receiveCredit(
        target,
        Number(params.amount),
        String(params.network),
        String(params.description ?? 'Received credit'),
      );
      return { status: 200, body: credit };
    }
    if (request.path === '/v1/test_helpers/treasury/received_debits') return receiveDebit(params, account);
    if (request.path === '/v1/treasury/credit_reversals') return reverseCredit(params, account);
    // /v1/test_helpers/treasury/<kind>/<id>/<action>
    const [, , , , kind, helperId, helperAction] = parts;
    const code = (params.returned_details as Json | undefined)?.code ?? (params.failure_details as Json | undefined)?.code;
    if (kind === 'inbound_transfers' && helperId && helperAction) return moveInbound(helperId, helperAction, code as string | undefined);
    if (kind === 'outbound_payments' && helperId && helperAction) return outbound.move(helperId, helperAction, code as string | undefined);
    return null;
  }

  function get(request: FakeRequest, account: string | undefined): FakeAnswer | null {
    const [, , collection, kind, objectId] = request.path.split('/');
    if (collection !== 'treasury') return null;
    const expand = (parseForm(request.query.toString()).expand as string[] | undefined) ?? [];
    if (kind === 'financial_accounts' && !objectId) {
      const data = [...financialAccounts.values()]
        .filter((entry) => entry.account === account)
        .map((entry) => financialAccountView(entry, expand));
      return { status: 200, body: { object: 'list', has_more: false, data } };
    }
    if (kind === 'financial_accounts') {
      const financialAccount = financialAccounts.get(objectId!);
      return financialAccount && financialAccount.account === account
        ? { status: 200, body: financialAccountView(financialAccount, expand) }
        : missing('financial_account');
    }
    // The lists Crewpay reads to find a movement whose answer was lost (our id in its metadata); financial_account is required.
    if ((kind === 'inbound_transfers' || kind === 'outbound_payments') && !objectId) {
      const financialAccount = financialAccounts.get(request.query.get('financial_account') ?? '');
      if (!financialAccount || financialAccount.account !== account) return missing('financial_account');
      if (kind === 'outbound_payments') return outbound.list(financialAccount.id, request.query);
      const owned = [...inboundTransfers.values()].filter((transfer) => transfer.financial_account === financialAccount.id);
      return listAnswer('/v1/treasury/inbound_transfers', owned, request.query, inboundView);
    }
    if (kind === 'inbound_transfers') {
      const transfer = inboundTransfers.get(objectId!);
      return transfer && transfer.account === account ? { status: 200, body: inboundView(transfer) } : missing('inbound_transfer');
    }
    if (kind === 'outbound_payments') return outbound.get(objectId!, account);
    return null;
  }

  const module: StripeRouteModule = {
    name: 'treasury',
    post,
    get,
    state: () => ({
      platform_financial_account: platform.id,
      financial_accounts: [...financialAccounts.values()].map((entry) => ({
        id: entry.id,
        account: entry.account ?? null,
        cash: entry.cash,
        inbound_pending: entry.inbound_pending,
        outbound_pending: entry.outbound_pending,
        features: entry.pending ? 'pending' : 'active',
      })),
      inbound_transfers: [...inboundTransfers.values()].map((entry) => ({
        id: entry.id,
        account: entry.account,
        amount: entry.amount,
        status: entry.status,
        returned: entry.returned,
        metadata: entry.metadata,
      })),
      ...outbound.state(),
    }),
  };

  return {
    module,
    options,
    platformFinancialAccount: platform.id,
    activateFeatures,
    /** The treasury capability of this account became active: its pending financial accounts open their features. */
    activateAccount(account: string) {
      for (const entry of financialAccounts.values())
        if (entry.account === account && !options.pendingAddresses) activateFeatures(entry.id);
    },
    /** What Stripe's test mode does with every movement still processing: the test bank account's documented outcome. */
    settle() {
      for (const transfer of inboundTransfers.values()) {
        if (transfer.status !== 'processing') continue;
        const failure = TEST_BANK_FAILURES[transfer.origin_number as string];
        moveInbound(transfer.id as string, failure ? 'fail' : 'succeed', failure);
      }
      outbound.settle();
    },
    moveInbound,
    moveOutbound: outbound.move,
    /** Movements to or from this bank account that have settled and could still come back (a return, days later). */
    returnable(accountNumber: string): { kind: 'inbound_transfer' | 'outbound_payment'; id: string }[] {
      const inbound = [...inboundTransfers.values()].filter(
        (entry) => entry.status === 'succeeded' && !entry.returned && entry.origin_number === accountNumber,
      );
      return [
        ...inbound.map((entry) => ({ kind: 'inbound_transfer' as const, id: entry.id as string })),
        ...outbound.postedTo(accountNumber).map((paymentId) => ({ kind: 'outbound_payment' as const, id: paymentId })),
      ];
    },
    /** The cash balance Stripe holds in a financial account. */
    cashOf: (financialAccountId: string) => financialAccounts.get(financialAccountId)?.cash ?? null,
    /**
     * For the payments fake: a payout from the account's payments balance to one of its own
     * financial accounts (its external account): the cash arrives as a ReceivedCredit linked to
     * the payout. False when the numbers are no financial account of this account.
     */
    depositPayout(account: string, bank: { account_number: string }, amount: number, payout: string): boolean {
      const target = [...financialAccounts.values()].find((fa) => fa.account === account && fa.account_number === bank.account_number);
      if (!target) return false;
      target.cash += amount;
      const credit = {
        id: id('rc'),
        object: 'treasury.received_credit',
        amount,
        currency: 'usd',
        created: now(),
        description: 'STRIPE PAYOUT',
        financial_account: target.id,
        network: 'stripe',
        status: 'succeeded',
        failure_code: null,
        linked_flows: {
          credit_reversal: null,
          issuing_authorization: null,
          issuing_transaction: null,
          source_flow: payout,
          source_flow_type: 'payout',
        },
      };
      emit('treasury.received_credit.created', credit, account);
      emit('treasury.received_credit.succeeded', credit, account);
      return true;
    },
    balanceOf: (financialAccountId: string) => {
      const entry = financialAccounts.get(financialAccountId);
      return entry ? { cash: entry.cash, inbound_pending: entry.inbound_pending, outbound_pending: entry.outbound_pending } : null;
    },
  };
}
