import { createHash, randomUUID } from 'node:crypto';
import { decimalToMinor, minorToMajorString } from '@crewpay/core';
import type { ProviderSettings } from '../../config.ts';
import { ProviderCallError } from '../contract.ts';
import { retryAfterMs } from './stripe-client.ts';

export type NiumSettings = ProviderSettings['nium'];

/** The provider name of Nium's calls and of its webhook route, POST /v1/webhooks/nium. */
export const NIUM_PROVIDER = 'nium';

/** An organisation at Nium: the customer it was onboarded as, and that customer's multi-currency wallet. */
export type NiumAccount = { customerHashId: string; walletHashId: string };

/** Add Beneficiary V2's body (fakes/openapi/nium/nium.json, AddBeneficiaryRequestDTO). */
export type NiumBeneficiaryRequest = {
  beneficiaryAccountType: 'Individual' | 'Corporate';
  beneficiaryName: string;
  beneficiaryCountryCode: string;
  destinationCountry: string;
  destinationCurrency: string;
  payoutMethod: 'LOCAL' | 'PROXY' | 'SWIFT';
  beneficiaryEmail?: string;
  beneficiaryAccountNumber?: string;
  beneficiaryBankCode?: string;
  beneficiaryBankAccountType?: 'Checking' | 'Saving';
  beneficiaryIdentificationType?: string;
  beneficiaryIdentificationValue?: string;
  routingCodeType1?: string;
  routingCodeValue1?: string;
  routingCodeType2?: string;
  routingCodeValue2?: string;
  proxyType?: string;
  proxyValue?: string;
};

export type NiumLockPeriod = '5_mins' | '15_mins' | '1_hour' | '4_hours' | '8_hours' | '24_hours';

/** A payout quote, amounts in minor units of their currencies. */
export type NiumQuote = {
  id: string;
  sourceCurrency: string;
  destinationCurrency: string;
  /** Units of the destination for one unit of the source, Nium's markup taken off (what the payout uses). */
  netExchangeRate: string;
  exchangeRate: string;
  expiresAt: string;
  sourceAmount: number | null;
  destinationAmount: number | null;
};

type NiumTransaction = {
  systemReferenceNumber: string;
  status: string;
  externalId?: string;
  complianceStatus?: string;
  rfiDetails: {
    rfiHashId: string;
    rfiStatus?: string;
    description?: string;
    remarks?: string;
    requiredData?: { keyName?: string; label?: string }[];
  }[];
};

type NiumRemittanceEvent = {
  status: string;
  subStatus?: string;
  statusDetails?: string;
  lastUpdatedAt?: string;
  errorCode?: string;
  errorDescription?: string;
};

type Json = Record<string, unknown>;
type ErrorBody = { status?: string; message?: string; errors?: (string | { code?: string; description?: string; field?: string })[] };

/** A JSON number of major units: what Nium's amounts are (100.05 USD, 15137 JPY). */
const major = (amount: number, currency: string) => Number(minorToMajorString(amount, currency));

/** Minor units of a Nium amount; an amount the currency cannot hold is Nium's answer broken, not ours to round. */
function minor(value: unknown, currency: string): number {
  const amount = typeof value === 'number' || typeof value === 'string' ? decimalToMinor(value, currency) : null;
  if (amount === null) throw new ProviderCallError({ code: 'nium_unreadable_amount', retryable: false });
  return amount;
}

/**
 * Transfer Money's externalId for one payment of one call: 1-36 letters, digits and single
 * hyphens, derived from our idempotency key and payment id, so a retry sends the same one and
 * Nium refuses it as duplicate_externalId instead of paying twice.
 */
export function niumExternalId(idempotencyKey: string, paymentId: string): string {
  const hex = createHash('sha256').update(`${idempotencyKey}:${paymentId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Nium's API (docs.nium.com/apis/reference, described in fakes/openapi/nium/nium.json): every
 * call carries x-api-key, x-client-name and a fresh x-request-id (a UUID, Nium's trace id, not an
 * idempotency key). Fund Wallet takes Nium's x-idempotency-id; Transfer Money has no such header,
 * so it is deduplicated by externalId (see transferMoney). Plain fetch: Nium publishes no Node SDK.
 */
export function niumClient(settings: NiumSettings) {
  const { apiKey, clientHashId, clientName, apiBase } = settings;
  if (!apiKey || !clientHashId) throw new Error('NIUM_API_KEY and NIUM_CLIENT_HASH_ID are not set');
  const client = `/client/${clientHashId}`;
  const customerPath = (account: NiumAccount, version = 'v1') => `/api/${version}${client}/customer/${account.customerHashId}`;
  const walletPath = (account: NiumAccount) => `${customerPath(account)}/wallet/${account.walletHashId}`;

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, {
        method,
        headers: {
          'x-api-key': apiKey!,
          'x-client-name': clientName,
          'x-request-id': randomUUID(),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new ProviderCallError({ code: 'nium_unreachable', retryable: true });
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as ErrorBody;
      const detail = body.errors?.find((error) => typeof error === 'object');
      const code = typeof detail === 'object' && detail.code ? detail.code : `nium_${response.status}`;
      const retryable = response.status === 429 || response.status >= 500;
      throw new ProviderCallError({ code, retryable, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) });
    }
    return (await response.json().catch(() => {
      throw new ProviderCallError({ code: 'nium_unreadable_answer', retryable: true });
    })) as T;
  }

  const quoteOf = (answer: Json): NiumQuote => {
    const source = String(answer.sourceCurrencyCode);
    const destination = String(answer.destinationCurrencyCode);
    return {
      id: String(answer.id),
      sourceCurrency: source,
      destinationCurrency: destination,
      netExchangeRate: String(answer.netExchangeRate),
      exchangeRate: String(answer.exchangeRate ?? answer.netExchangeRate),
      expiresAt: String(answer.expiryTime),
      sourceAmount: answer.sourceAmount === undefined ? null : minor(answer.sourceAmount, source),
      destinationAmount: answer.destinationAmount === undefined ? null : minor(answer.destinationAmount, destination),
    };
  };

  const transactionOf = (answer: Json): NiumTransaction => ({
    systemReferenceNumber: String(answer.authCode),
    status: String(answer.status),
    ...(typeof answer.externalId === 'string' ? { externalId: answer.externalId } : {}),
    ...(typeof answer.complianceStatus === 'string' ? { complianceStatus: answer.complianceStatus } : {}),
    rfiDetails: (answer.rfiDetails as NiumTransaction['rfiDetails'] | undefined) ?? [],
  });

  /** The wallet's transaction with this externalId or systemReferenceNumber, or null. */
  async function findTransaction(account: NiumAccount, filter: { externalId: string } | { systemReferenceNumber: string }) {
    const query = new URLSearchParams({ ...filter, page: '0', size: '1' });
    const answer = await request<{ content?: Json[] }>('GET', `${walletPath(account)}/transactions?${query.toString()}`);
    const found = answer.content?.[0];
    return found ? transactionOf(found) : null;
  }

  return {
    customerDetails: (account: NiumAccount) => request<{ status?: string; complianceStatus?: string }>('GET', customerPath(account, 'v2')),

    /** The wallet's balance per currency, in minor units (withheld amounts apart). */
    async walletBalances(account: NiumAccount): Promise<{ currency: string; available: number; withheld: number }[]> {
      const balances = await request<{ curSymbol: string; balance?: number; withHoldingBalance?: number }[]>('GET', walletPath(account));
      return balances.map((entry) => ({
        currency: entry.curSymbol,
        available: minor(entry.balance ?? 0, entry.curSymbol),
        withheld: minor(entry.withHoldingBalance ?? 0, entry.curSymbol),
      }));
    },

    /** Fund Wallet from the client's prefund, under Nium's x-idempotency-id (the same key credits once). */
    async fundWallet(
      account: NiumAccount,
      options: { sourceCurrency: string; destinationCurrency: string; amount: number; idempotencyKey: string },
    ) {
      const answer = await request<Json>('POST', `${walletPath(account)}/fund`, {
        headers: { 'x-idempotency-id': options.idempotencyKey },
        body: {
          amount: major(options.amount, options.destinationCurrency),
          sourceCurrencyCode: options.sourceCurrency,
          destinationCurrencyCode: options.destinationCurrency,
          fundingChannel: 'PREFUND',
        },
      });
      return {
        systemReferenceNumber: String(answer.systemReferenceNumber),
        status: String(answer.status),
        destinationAmount: minor(answer.destinationAmount, options.destinationCurrency),
      };
    },

    async addBeneficiary(account: NiumAccount, body: NiumBeneficiaryRequest): Promise<{ beneficiaryHashId: string; payoutHashId: string }> {
      const answer = await request<Json>('POST', `${customerPath(account, 'v2')}/beneficiaries`, { body });
      return { beneficiaryHashId: String(answer.beneficiaryHashId), payoutHashId: String(answer.payoutHashId) };
    },

    /** A payout quote that holds its rate for `lockPeriod` (Locked Rate for Payouts). */
    async createQuote(options: {
      customerHashId: string;
      sourceCurrency: string;
      destinationCurrency: string;
      sourceAmount?: number;
      destinationAmount?: number;
      lockPeriod: NiumLockPeriod;
    }): Promise<NiumQuote> {
      const answer = await request<Json>('POST', `/api/v1${client}/quotes`, {
        body: {
          customerHashId: options.customerHashId,
          sourceCurrencyCode: options.sourceCurrency,
          destinationCurrencyCode: options.destinationCurrency,
          quoteType: 'payout',
          conversionSchedule: 'immediate',
          executionType: 'at_conversion_time',
          lockPeriod: options.lockPeriod,
          ...(options.sourceAmount !== undefined ? { sourceAmount: major(options.sourceAmount, options.sourceCurrency) } : {}),
          ...(options.destinationAmount !== undefined
            ? { destinationAmount: major(options.destinationAmount, options.destinationCurrency) }
            : {}),
        },
      });
      return quoteOf(answer);
    },

    fetchQuote: async (quoteId: string) => quoteOf(await request<Json>('GET', `/api/v1${client}/quotes/${encodeURIComponent(quoteId)}`)),

    /**
     * Transfer Money from the wallet to a beneficiary, at the quote's locked rate when one is
     * given. Deduplicated by externalId: Nium refuses a second transaction with one it has seen
     * (duplicate_externalId), and then the first is looked up by it and answered, so a call tried
     * again after a lost answer pays once. Our ids travel as tags, which Nium's webhooks echo.
     */
    async transferMoney(
      account: NiumAccount,
      options: {
        beneficiaryHashId: string;
        sourceCurrency: string;
        amount: { source: number } | { destination: number; currency: string };
        quoteId?: string;
        externalId: string;
        comments: string;
        tags: Record<string, string>;
      },
    ): Promise<{ systemReferenceNumber: string; estimatedDeliveryTime: string | null; duplicate: boolean }> {
      const amount =
        'source' in options.amount
          ? { sourceAmount: major(options.amount.source, options.sourceCurrency) }
          : { destinationAmount: major(options.amount.destination, options.amount.currency) };
      try {
        const answer = await request<Json>('POST', `${walletPath(account)}/remittance`, {
          body: {
            beneficiary: { id: options.beneficiaryHashId },
            payout: { sourceCurrency: options.sourceCurrency, ...amount, ...(options.quoteId ? { quoteId: options.quoteId } : {}) },
            // IR01802: advertising and public-relations services, what creators are paid for.
            purposeCode: 'IR01802',
            sourceOfFunds: 'Corporate Account',
            customerComments: options.comments.replace(/[^A-Za-z0-9 .,:/-]/g, '').slice(0, 512),
            externalId: options.externalId,
            tags: Object.entries(options.tags).map(([key, value]) => ({ key, value })),
          },
        });
        const reference = answer.systemReferenceNumber ?? answer.system_reference_number;
        return {
          systemReferenceNumber: String(reference),
          estimatedDeliveryTime: typeof answer.estimatedDeliveryTime === 'string' ? answer.estimatedDeliveryTime : null,
          duplicate: false,
        };
      } catch (error) {
        if (!(error instanceof ProviderCallError) || error.code !== 'duplicate_externalId') throw error;
        const earlier = await findTransaction(account, { externalId: options.externalId });
        if (!earlier) throw new ProviderCallError({ code: 'nium_duplicate_not_found', retryable: true });
        return { systemReferenceNumber: earlier.systemReferenceNumber, estimatedDeliveryTime: null, duplicate: true };
      }
    },

    findTransaction,

    /** Every status a payment went through (Fetch Remittance Life Cycle Status), oldest first. */
    remittanceAudit: (account: NiumAccount, systemReferenceNumber: string) =>
      request<NiumRemittanceEvent[]>('GET', `${walletPath(account)}/remittance/${encodeURIComponent(systemReferenceNumber)}/audit`),

    /** Respond to Transaction RFI: a remittance's authCode is its systemReferenceNumber. */
    respondRfi: (account: NiumAccount, systemReferenceNumber: string, answers: { rfiHashId: string; info: Record<string, string> }[]) =>
      request<{ status?: string; complianceId?: string }>(
        'POST',
        `${walletPath(account)}/transactions/${encodeURIComponent(systemReferenceNumber)}/rfi/upload`,
        {
          body: {
            rfiResponseRequest: answers.map((answer) => ({ rfiHashId: answer.rfiHashId, rfiResponseInfo: rfiInfo(answer.info) })),
          },
        },
      ),
  };
}

/** Nium's RFI answer fields we fill from a form; anything else goes in additionalInfo. */
const RFI_FIELDS = new Set([
  'firstName',
  'lastName',
  'middleName',
  'dateOfBirth',
  'nationality',
  'bankAccountNumber',
  'bankName',
  'companyName',
]);
function rfiInfo(info: Record<string, string>): Json {
  const known = Object.fromEntries(Object.entries(info).filter(([key]) => RFI_FIELDS.has(key)));
  const other = Object.fromEntries(Object.entries(info).filter(([key]) => !RFI_FIELDS.has(key)));
  return { ...known, ...(Object.keys(other).length > 0 ? { additionalInfo: other } : {}) };
}
