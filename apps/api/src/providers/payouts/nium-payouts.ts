import { checkCorridorFields, normalizeCorridorFields } from '@crewpay/core';
import { ProviderCallError } from '../contract.ts';
import {
  NIUM_PROVIDER,
  niumClient,
  niumExternalId,
  type NiumAccount,
  type NiumLockPeriod,
  type NiumQuote,
  type NiumSettings,
} from '../clients/nium-client.ts';
import { NIUM_TAGS, niumBeneficiaryRequest, transferStatusOf } from './nium-mapping.ts';
import type { BeneficiaryInput, FxPayoutsMethods, FxQuote, TransferState } from './types.ts';

/** The organisation's customer and wallet at Nium (kept by the organisation's Nium onboarding, a later wave). */
export type NiumAccountResolver = (orgId: string) => Promise<NiumAccount>;
export type NiumPayouts = { name: typeof NIUM_PROVIDER } & Required<FxPayoutsMethods>;

/** How long a quote must still be locked for a confirmation to use it. */
const LOCK_MARGIN_MS = 30_000;

const fxQuoteOf = (quote: NiumQuote): FxQuote => ({
  quote_id: quote.id,
  source_currency: quote.sourceCurrency,
  destination_currency: quote.destinationCurrency,
  rate: quote.netExchangeRate,
  market_rate: quote.exchangeRate,
  source_amount: quote.sourceAmount,
  destination_amount: quote.destinationAmount,
  // Nium prices a payout in its rate (markup) and bills its per-payout fees to the client monthly: nothing more leaves the wallet.
  fee: 0,
  expires_at: quote.expiresAt,
});

/** The fields of a payee checked again where they leave us: a form that skipped the check cannot send a bad IBAN. */
export function checkedBeneficiary(input: BeneficiaryInput): BeneficiaryInput {
  const problems = checkCorridorFields({ country: input.country, method: input.method, values: input.fields });
  if (problems.length > 0)
    throw new ProviderCallError({ code: 'beneficiary_fields_invalid', retryable: false, message: problems[0]!.message });
  return { ...input, fields: normalizeCorridorFields({ country: input.country, method: input.method, values: input.fields }) };
}

/**
 * Payouts abroad through Nium from the organisation's own Nium wallet (never a platform
 * balance): a quote locks a rate for `quoteLock`; lockQuote confirms it is still locked (Nium
 * locks at creation, so a quote past its expiry is refused, quote_expired, and the caller
 * re-quotes); the transfer is keyed by an externalId derived from the outbox's key and carries
 * our ids as tags. Outcomes come as Nium's webhooks (webhooks/nium-events.ts), and can be read
 * with getRemittance (the sweep for missed webhooks).
 */
export function createNiumPayouts(
  settings: NiumSettings,
  options: { accountOf: NiumAccountResolver; quoteLock?: NiumLockPeriod; now?: () => number | Promise<number> },
): NiumPayouts {
  const nium = niumClient(settings);
  const now = options.now ?? Date.now;

  async function state(account: NiumAccount, transferId: string): Promise<TransferState> {
    const [transaction, audit] = await Promise.all([
      nium.findTransaction(account, { systemReferenceNumber: transferId }),
      nium.remittanceAudit(account, transferId),
    ]);
    const providerStatus = transaction?.status ?? audit.at(-1)?.status ?? 'INITIATED';
    return {
      transfer_id: transferId,
      status: transferStatusOf(providerStatus),
      provider_status: providerStatus,
      rfis: (transaction?.rfiDetails ?? []).map((rfi) => ({
        rfi_id: rfi.rfiHashId,
        status: rfi.rfiStatus ?? 'RFI_REQUESTED',
        description: rfi.description ?? rfi.remarks ?? 'Nium asks for more information',
        fields: (rfi.requiredData ?? []).map((entry) => entry.keyName ?? entry.label ?? '').filter((name) => name !== ''),
      })),
      history: audit.map((event) => ({
        status: transferStatusOf(event.status),
        at: event.lastUpdatedAt ?? null,
        ...(event.errorDescription ? { detail: event.errorDescription } : event.statusDetails ? { detail: event.statusDetails } : {}),
      })),
    };
  }

  return {
    name: NIUM_PROVIDER,

    async quote(request) {
      const account = await options.accountOf(request.org_id);
      const quote = await nium.createQuote({
        customerHashId: account.customerHashId,
        sourceCurrency: request.source_currency,
        destinationCurrency: request.destination_currency,
        ...('source_amount' in request ? { sourceAmount: request.source_amount as number } : {}),
        ...('destination_amount' in request ? { destinationAmount: request.destination_amount as number } : {}),
        lockPeriod: options.quoteLock ?? '15_mins',
      });
      return fxQuoteOf(quote);
    },

    async lockQuote({ quote_id }) {
      const quote = await nium.fetchQuote(quote_id);
      // A quote about to expire would be refused by the time the transfer reaches Nium: it is refused now, and re-quoted.
      if (Date.parse(quote.expiresAt) - LOCK_MARGIN_MS <= (await now()))
        throw new ProviderCallError({ code: 'quote_expired', retryable: false });
      return fxQuoteOf(quote);
    },

    async createBeneficiary(input) {
      const account = await options.accountOf(input.org_id);
      const created = await nium.addBeneficiary(account, niumBeneficiaryRequest(checkedBeneficiary(input)));
      return { beneficiary_id: created.beneficiaryHashId, payout_method_id: created.payoutHashId };
    },

    async transfer(request) {
      const account = await options.accountOf(request.org_id);
      const started = await nium.transferMoney(account, {
        beneficiaryHashId: request.beneficiary_id,
        sourceCurrency: request.source_currency,
        amount:
          'source' in request.amount ? request.amount : { destination: request.amount.destination, currency: request.destination_currency },
        ...(request.quote_id ? { quoteId: request.quote_id } : {}),
        externalId: niumExternalId(request.idempotency_key, request.payment_id),
        comments: request.memo,
        tags: { [NIUM_TAGS.org]: request.org_id, [NIUM_TAGS.payment]: request.payment_id },
      });
      return {
        payment_id: request.payment_id,
        transfer_id: started.systemReferenceNumber,
        status: 'initiated',
        estimated_arrival: started.estimatedDeliveryTime,
      };
    },

    async getRemittance({ org_id, transfer_id }) {
      return state(await options.accountOf(org_id), transfer_id);
    },

    async respondRfi({ org_id, transfer_id, answers }) {
      const account = await options.accountOf(org_id);
      await nium.respondRfi(
        account,
        transfer_id,
        answers.map((answer) => ({ rfiHashId: answer.rfi_id, info: answer.info })),
      );
      return state(account, transfer_id);
    },
  };
}
