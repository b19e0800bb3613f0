import type { FakeAnswer, FakeRequest } from '../http-fake.ts';
import { credit } from './money-movement.ts';
import {
  LOCK_MINUTES,
  MID_MARKET_PER_USD,
  convertMinor,
  major,
  minorOf,
  newId,
  niumError,
  rateOf,
  systemReference,
  type Customer,
  type Quote,
} from './state.ts';

type Json = Record<string, unknown>;
const ISO_NUMERIC: Record<string, string> = {
  USD: '840',
  GBP: '826',
  EUR: '978',
  INR: '356',
  BRL: '986',
  JPY: '392',
  MXN: '484',
  PHP: '608',
};

/** Customers (each an organisation, KYB done), their multi-currency wallets, fundings and FX quotes. */
export function createWallets(deps: { now: () => number }) {
  const customers = new Map<string, Customer>();
  const quotes = new Map<string, Quote>();
  /** Fund Wallet answers by x-idempotency-id: the same id again answers the same and credits nothing. */
  const fundings = new Map<string, FakeAnswer>();

  function addCustomer(businessName = 'Crewpay organisation'): Customer {
    const customer: Customer = { customerHashId: newId(), walletHashId: newId(), businessName, balances: new Map([['USD', 0]]) };
    customers.set(customer.customerHashId, customer);
    return customer;
  }

  const details = (customer: Customer): FakeAnswer => ({
    status: 200,
    body: {
      customerHashId: customer.customerHashId,
      walletHashId: customer.walletHashId,
      status: 'Clear',
      complianceStatus: 'COMPLETED',
      businessName: customer.businessName,
      countryCode: 'US',
    },
  });

  function balance(customer: Customer, walletHashId: string): FakeAnswer {
    if (walletHashId !== customer.walletHashId)
      return niumError(400, 'Invalid wallet', [{ code: 'invalid_wallet_hash_id', description: 'Unknown walletHashId' }]);
    return {
      status: 200,
      body: [...customer.balances].map(([currency, amount]) => ({
        curSymbol: currency,
        isoCode: ISO_NUMERIC[currency] ?? '000',
        balance: major(amount, currency),
        withHoldingBalance: 0,
        default: currency === 'USD',
      })),
    };
  }

  /** Fund Wallet from the client's prefund (cross-currency at the live rate) or a same-currency bank transfer. */
  function fund(customer: Customer, walletHashId: string, request: FakeRequest, body: Json): FakeAnswer {
    if (walletHashId !== customer.walletHashId)
      return niumError(400, 'Invalid wallet', [{ code: 'invalid_wallet_hash_id', description: 'Unknown walletHashId' }]);
    const key = request.headers['x-idempotency-id'];
    const earlier = typeof key === 'string' ? fundings.get(`${customer.customerHashId}:${key}`) : undefined;
    if (earlier) return earlier;
    const source = String(body.sourceCurrencyCode);
    const destination = String(body.destinationCurrencyCode);
    const rate = rateOf(source, destination);
    if (!rate)
      return niumError(400, 'Currency not supported', [
        { code: 'invalid_currency', description: `${source} to ${destination} is not enabled` },
      ]);
    if (body.fundingChannel === 'BANK_TRANSFER' && source !== destination)
      return niumError(400, 'BANK_TRANSFER is not available for cross-currency funding', [
        { code: 'invalid_input', description: 'Same currency only' },
      ]);
    const amount = body.amount !== undefined ? minorOf(body.amount, destination) : null;
    const sourceAmount = body.sourceAmount !== undefined ? minorOf(body.sourceAmount, source) : null;
    const credited =
      amount ?? (sourceAmount === null ? null : convertMinor(sourceAmount, { from: source, to: destination, rate: rate.netExchangeRate }));
    if (credited === null || credited <= 0)
      return niumError(400, 'An amount or sourceAmount is required', [{ code: 'invalid_input', description: 'amount' }]);
    credit(customer.balances, destination, credited);
    const answer: FakeAnswer = {
      status: 200,
      body: {
        status: 'Approved',
        systemReferenceNumber: systemReference('FW'),
        destinationAmount: major(credited, destination),
        destinationCurrencyCode: destination,
        sourceCurrencyCode: source,
        sourceAmount: sourceAmount === null ? major(credited, destination) : major(sourceAmount, source),
      },
    };
    if (typeof key === 'string') fundings.set(`${customer.customerHashId}:${key}`, answer);
    return answer;
  }

  function quoteBody(quote: Quote): Json {
    return {
      id: quote.id,
      netExchangeRate: quote.netExchangeRate,
      exchangeRate: quote.exchangeRate,
      markupRate: Number((quote.exchangeRate - quote.netExchangeRate).toFixed(6)),
      clientMarkupRate: 0,
      expiryTime: new Date(quote.expiresAt).toISOString(),
      createdTime: new Date(quote.createdAt).toISOString(),
      rateCaptureTime: new Date(quote.createdAt).toISOString(),
      sourceCurrencyCode: quote.sourceCurrencyCode,
      destinationCurrencyCode: quote.destinationCurrencyCode,
      quoteType: 'payout',
      conversionSchedule: 'immediate',
      lockPeriod: quote.lockPeriod,
      executionType: 'at_conversion_time',
      ...(quote.customerHashId ? { customerHashId: quote.customerHashId } : {}),
      ...(quote.sourceAmount !== undefined ? { sourceAmount: major(quote.sourceAmount, quote.sourceCurrencyCode) } : {}),
      ...(quote.destinationAmount !== undefined
        ? { destinationAmount: major(quote.destinationAmount, quote.destinationCurrencyCode) }
        : {}),
      isOffMarket: false,
    };
  }

  /** Create Quote: a payout quote locks the net rate for its lock period (1 hour unless asked). */
  function createQuote(body: Json): FakeAnswer {
    const source = String(body.sourceCurrencyCode);
    const destination = String(body.destinationCurrencyCode);
    const rate = rateOf(source, destination);
    if (!rate)
      return niumError(400, 'Currency pair not supported', [
        { code: 'invalid_currency', description: `${source}/${destination} is not quoted` },
      ]);
    if (body.sourceAmount !== undefined && body.destinationAmount !== undefined)
      return niumError(400, 'Either the source or the destination amount, not both', [
        { code: 'invalid_input', description: 'sourceAmount' },
      ]);
    const lockPeriod = String(body.lockPeriod ?? '1_hour');
    const createdAt = deps.now();
    const quote: Quote = {
      id: newId(),
      customerHashId: body.customerHashId as string | undefined,
      sourceCurrencyCode: source,
      destinationCurrencyCode: destination,
      ...rate,
      lockPeriod,
      createdAt,
      expiresAt: createdAt + LOCK_MINUTES[lockPeriod]! * 60_000,
    };
    const sourceAmount = body.sourceAmount === undefined ? null : minorOf(body.sourceAmount, source);
    const destinationAmount = body.destinationAmount === undefined ? null : minorOf(body.destinationAmount, destination);
    if (sourceAmount !== null) {
      quote.sourceAmount = sourceAmount;
      quote.destinationAmount = convertMinor(sourceAmount, { from: source, to: destination, rate: rate.netExchangeRate });
    } else if (destinationAmount !== null) quote.destinationAmount = destinationAmount;
    quotes.set(quote.id, quote);
    return { status: 200, body: quoteBody(quote) };
  }

  function fetchQuote(id: string): FakeAnswer {
    const quote = quotes.get(id);
    return quote
      ? { status: 200, body: quoteBody(quote) }
      : niumError(404, 'Quote not found', [{ code: 'resource_not_found', description: 'No quote with this id' }]);
  }

  return { customers, quotes, addCustomer, details, balance, fund, createQuote, fetchQuote, currencies: Object.keys(MID_MARKET_PER_USD) };
}
