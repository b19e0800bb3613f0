import type { FakeAnswer } from './http-fake.ts';
import { fakeId, unixNow, view, type Emit, type Json, type Money, type StripeError } from './stripe-payments-money.ts';

type BankAccount = Json & { id: string; account: string; account_number: string; routing_number: string; default_for_currency: boolean };
type Payout = Json & { id: string; account: string; amount: number };

/** Where a payout lands: true when the numbers are a financial account of this connected account (Treasury), which is credited. */
export type DepositPayout = (
  account: string,
  bank: { account_number: string; routing_number: string },
  amount: number,
  payout: string,
) => boolean;

/**
 * A connected account's external accounts and automatic payouts, as Stripe runs them: bank
 * accounts added by number (POST /v1/accounts/:id/external_accounts, the first or a
 * default_for_currency one is where payouts go), the account's balance (GET /v1/balance), its
 * payouts (GET /v1/payouts, by status), and the payout schedule's run (`runPayouts`: pending funds
 * clear, what is available leaves in transit) and the payouts' arrival (`arrivePayouts`) at the
 * default external account, which for Treasury is the account's own financial account (a
 * ReceivedCredit linked to the payout).
 */
export function createPayouts(deps: {
  error: StripeError;
  emit: Emit;
  money: Money;
  deposit: DepositPayout;
  exists: (id: string) => boolean;
  scheduleOf: (account: string) => string | undefined;
}) {
  const { error, emit, money } = deps;
  const banks = new Map<string, BankAccount[]>();
  const payouts = new Map<string, Payout>();
  const bankView = (bank: BankAccount) => {
    const { account_number: number, ...rest } = view(bank) as BankAccount;
    return { ...rest, account: bank.account, last4: number.slice(-4) };
  };

  function addExternalAccount(account: string, params: Json): FakeAnswer {
    const given = params.external_account as { object?: string; account_number?: string; routing_number?: string; currency?: string };
    if (given?.object !== 'bank_account' || !given.account_number || !given.routing_number)
      return error(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'external_account',
        message: 'Missing bank account',
      });
    const list = banks.get(account) ?? [];
    const isDefault = list.length === 0 || params.default_for_currency === 'true';
    if (isDefault) for (const other of list) other.default_for_currency = false;
    const bank: BankAccount = {
      id: fakeId('ba'),
      object: 'bank_account',
      account,
      account_number: given.account_number,
      routing_number: given.routing_number,
      country: 'US',
      currency: given.currency ?? 'usd',
      default_for_currency: isDefault,
      status: 'new',
    };
    banks.set(account, [...list, bank]);
    return { status: 200, body: bankView(bank) };
  }

  function post(path: string, params: Json): FakeAnswer | null {
    const [, , collection, account, kind] = path.split('/');
    if (collection !== 'accounts' || !account || kind !== 'external_accounts') return null;
    if (!deps.exists(account)) return error(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' });
    return addExternalAccount(account, params);
  }

  function get(path: string, account: string | undefined, query: URLSearchParams): FakeAnswer | null {
    const [, , collection, id, kind] = path.split('/');
    if (collection === 'accounts' && id && kind === 'external_accounts') {
      if (!deps.exists(id)) return error(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' });
      return { status: 200, body: { object: 'list', data: (banks.get(id) ?? []).map(bankView), has_more: false } };
    }
    if (path === '/v1/balance') {
      const balance = money.balanceOf(account);
      return {
        status: 200,
        body: {
          object: 'balance',
          available: [{ amount: balance.available, currency: 'usd' }],
          pending: [{ amount: balance.pending, currency: 'usd' }],
        },
      };
    }
    if (path === '/v1/payouts') return list(account, query);
    if (collection === 'payouts' && id) {
      const payout = payouts.get(id);
      return payout && payout.account === account
        ? { status: 200, body: view(payout) }
        : error(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payout' });
    }
    return null;
  }

  /** GET /v1/payouts on the account, newest first; `status` filters as Stripe's list does. */
  function list(account: string | undefined, query: URLSearchParams): FakeAnswer {
    const status = query.get('status');
    const data = [...payouts.values()]
      .filter((payout) => payout.account === account && (!status || payout.status === status))
      .reverse()
      .map(view);
    return { status: 200, body: { object: 'list', url: '/v1/payouts', data, has_more: false } };
  }

  /** The account's payout schedule (settings.payouts.schedule.interval): Stripe pays out automatically unless it is manual. */
  const isAutomatic = (account: string) => deps.scheduleOf(account) !== 'manual';

  /**
   * The payout schedule runs: pending funds clear, and every automatic account's available balance
   * leaves for its default external account in one payout, `in_transit` until `arrivePayouts`
   * (Stripe: payout.created now, payout.paid on its arrival_date, or payout.failed with the
   * amount back in the balance).
   */
  function runPayouts(options: { arrival_seconds?: number } = {}): number {
    money.clearPending();
    let made = 0;
    for (const [account, list] of banks) {
      const balance = money.balanceOf(account);
      const destination = list.find((bank) => bank.default_for_currency);
      if (!destination || balance.available <= 0 || !isAutomatic(account)) continue;
      const payout: Payout = {
        id: fakeId('po'),
        object: 'payout',
        account,
        amount: balance.available,
        currency: 'usd',
        arrival_date: unixNow() + (options.arrival_seconds ?? 86_400),
        automatic: true,
        created: unixNow(),
        destination: destination.id,
        failure_code: null,
        method: 'standard',
        status: 'in_transit',
        type: 'bank_account',
      };
      balance.available = 0;
      payouts.set(payout.id, payout);
      emit('payout.created', view(payout), account);
      made += 1;
    }
    return made;
  }

  /**
   * Payouts in transit arrive: each is deposited at its destination (for Treasury, a ReceivedCredit
   * linked to the payout in the account's financial account) and paid; one named in `fail` fails
   * (`could_not_process`), its amount back in the account's balance.
   */
  function arrivePayouts(options: { fail?: string[] } = {}): number {
    let arrived = 0;
    for (const payout of payouts.values()) {
      if (payout.status !== 'in_transit') continue;
      if (options.fail?.includes(payout.id)) {
        Object.assign(payout, { status: 'failed', failure_code: 'could_not_process' });
        money.balanceOf(payout.account).available += payout.amount;
        emit('payout.failed', view(payout), payout.account);
      } else {
        const destination = (banks.get(payout.account) ?? []).find((bank) => bank.id === payout.destination)!;
        deps.deposit(payout.account, destination, payout.amount, payout.id);
        payout.status = 'paid';
        emit('payout.paid', view(payout), payout.account);
      }
      arrived += 1;
    }
    return arrived;
  }

  return { post, get, list, runPayouts, arrivePayouts, payouts };
}
