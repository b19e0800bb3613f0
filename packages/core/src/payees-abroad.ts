// A payee abroad: paid through Nium in their own currency, to the bank details their country's
// corridor asks for (corridors.ts). The payee link, the creator portal and the staff creator form
// send the same body; the server checks it again with the same sentences before anything moves.
import { z } from 'zod';
import { checkCorridorFields, corridorCountries, corridorFor } from './corridors.ts';
import { minorUnits } from './currencies.ts';
import { legalEntityTypes } from './payments.ts';
import { text } from './text.ts';
import { messages } from './validation.ts';

export const corridorMethodIds = ['bank_account', 'pix'] as const;

/** The corridor part: country, method and its fields, every problem named by its field ("fields.iban"). */
export const payeeAbroadSchema = z
  .object({
    country: text('Choose the country of the bank account')
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.enum(corridorCountries, { error: 'Payouts to this country are not available' })),
    method: z.enum(corridorMethodIds, { error: 'Choose how to be paid' }),
    fields: z.record(z.string().max(64), text().max(200, 'Must be at most 200 characters')),
  })
  .superRefine((value, ctx) => {
    for (const problem of checkCorridorFields({ country: value.country, method: value.method, values: value.fields })) {
      const path = problem.field === 'country' || problem.field === 'method' ? [problem.field] : ['fields', problem.field];
      ctx.addIssue({ code: 'custom', path, message: problem.message });
    }
  });
export type PayeeAbroadInput = z.input<typeof payeeAbroadSchema>;
export type PayeeAbroad = z.infer<typeof payeeAbroadSchema>;

/** The payee's currency: the corridor's (a payee abroad is paid in their country's currency). */
export const payeeCurrencyOf = (country: string): string => corridorFor(country)?.currency ?? 'USD';

/** What an answer shows of the kept details: the country, currency and method, each field's last 4 (the name in full). */
export const payeeAbroadView = z.object({
  country: z.string(),
  currency: z.string(),
  method: z.enum(corridorMethodIds),
  /** tok_ values only for the numbers; the name on account as given. */
  fields: z.record(z.string(), z.string()),
  last4: z.record(z.string(), z.string()),
});
export type PayeeAbroadView = z.infer<typeof payeeAbroadView>;

const requiredName = text(messages.required).trim().min(1, messages.required).max(100, 'Must be at most 100 characters');
const optionalText = (max: number) => text().trim().max(max, `Must be at most ${max} characters`).optional().default('');

/**
 * The payee link's submission of a payee abroad: the corridor's details, who they are (the name
 * on account must be theirs), their address abroad, and their tax id at home when they have one
 * (the W-8BEN asks for it; no US SSN or EIN).
 */
export const payeeAbroadSubmissionBody = z
  .object({
    selected_payment_method: z.literal('nium'),
    abroad: payeeAbroadSchema,
    entity_type: z.enum(legalEntityTypes, { error: messages.required }),
    first_name: optionalText(100),
    last_name: optionalText(100),
    business_name: optionalText(200),
    tax_id: optionalText(30),
    address: z.object({
      line_1: requiredName,
      line_2: optionalText(100),
      city: requiredName,
      region: optionalText(100),
      postal_code: optionalText(20),
    }),
    linkId: text().max(200).optional(),
  })
  .superRefine((value, ctx) => {
    const missing = (key: 'first_name' | 'last_name' | 'business_name') =>
      value[key].trim() === '' && ctx.addIssue({ code: 'custom', path: [key], message: messages.required });
    if (value.entity_type === 'individual') {
      missing('first_name');
      missing('last_name');
    } else missing('business_name');
  });
export type PayeeAbroadSubmission = z.infer<typeof payeeAbroadSubmissionBody>;

/** An RFI's answer: Nium's field names (firstName, ...) to the values the owner or payee gives. */
export const rfiAnswerBody = z.object({
  rfi_id: text().trim().min(1).max(100),
  info: z.record(z.string().max(64), text().trim().min(1, messages.required).max(500, 'Must be at most 500 characters')),
});
export type RfiAnswerBody = z.infer<typeof rfiAnswerBody>;

/** A payout quote as the Execute dialog shows it: what leaves the wallet (USD), the rate, the fee, what the payee receives, until when. */
export const payoutQuote = z.object({
  payment_id: z.string(),
  quote_id: z.string(),
  recipient_name: z.string(),
  source_currency: z.string(),
  source_amount: z.number().int(),
  destination_currency: z.string(),
  destination_amount: z.number().int(),
  rate: z.string(),
  market_rate: z.string(),
  fee: z.number().int(),
  expires_at: z.string(),
  /** What the quote holds fixed: the dollars (a payment entered in USD), or what the payee receives (entered in their currency). */
  amount_fixed: z.enum(['source', 'destination']),
});
export type PayoutQuote = z.infer<typeof payoutQuote>;

/** Where a payment abroad is: Nium's status in our words, when it should arrive, and any open RFI. */
export const payoutAbroadStatus = z.object({
  payment_id: z.string(),
  transfer_id: z.string().nullable(),
  status: z.string(),
  source_currency: z.string(),
  source_amount: z.number().int(),
  destination_currency: z.string(),
  destination_amount: z.number().int().nullable(),
  rate: z.string().nullable(),
  estimated_arrival: z.string().nullable(),
  rfis: z.array(z.object({ rfi_id: z.string(), status: z.string(), description: z.string(), fields: z.array(z.string()) })),
});
export type PayoutAbroadStatus = z.infer<typeof payoutAbroadStatus>;

/** The organisation's Nium wallet per currency, from the books (and Nium's own figure when live). */
export const niumWalletView = z.object({
  customer_id: z.string().nullable(),
  balances: z.array(z.object({ currency: z.string(), available: z.number().int(), held: z.number().int(), in_flight: z.number().int() })),
});
export type NiumWalletView = z.infer<typeof niumWalletView>;

export const fundNiumWalletBody = z.object({
  amount: z.number({ error: 'Enter an amount' }).int().min(100, 'Fund at least $1.00').max(100_000_000, 'At most $1,000,000.00 at once'),
});

/** Nium's customerHashId and walletHashId are UUIDs (its API reference's path parameters). */
const niumHashId = text()
  .trim()
  .min(1, messages.required)
  .pipe(z.uuid('Copy the id from your Nium onboarding: it looks like 5c0b9adb-3305-478f-9236-58f18d61b19d'));

export const niumAccountBody = z.object({
  customer_hash_id: niumHashId,
  wallet_hash_id: niumHashId,
});

export const payoutAbroadMessages = {
  quoteExpired: 'The exchange rate expired: review the new quote and confirm again',
  quoteRequired: 'Review the exchange rate first: these payments are paid in another currency',
  niumShort: (needed: string, available: string) =>
    `Not enough funds in your Nium wallet: these payments need ${needed} and ${available} is available`,
  noNiumAccount: 'Your organization has no Nium wallet yet',
  niumAccountUnknown: 'Nium does not know this customer and wallet: copy both ids from your Nium onboarding',
  niumDown: 'Nium did not answer: try again in a minute',
  amountCurrency: (payeeCurrency: string | null) =>
    payeeCurrency
      ? `Amount currency must be USD or the payee's currency (${payeeCurrency})`
      : 'Amount currency must be USD: this payee is paid in US dollars',
  amountCurrencyShares: 'Amount currency must be USD for a payment with tax withheld',
  amountTooLarge: (currency: string, most: string) => `Earnings in ${currency} must be worth at most ${most}`,
  /** A draft entered in its payee's currency whose payee is now paid otherwise: its dollars were only an estimate. */
  noLongerPaidIn: (currency: string) => `Entered in ${currency}, and its payee is no longer paid in ${currency}: edit its amount`,
  /** Backup withholding keeps 24% of the dollars; a payment entered in the payee's currency fixes what they receive. */
  backupWithheldInUsd: (currency: string) =>
    `Entered in ${currency}, and its payee owes backup withholding, which is kept in US dollars: enter its amount in USD`,
  /** An amount typed in a currency's major units with more decimals than it has (a file's cell: "1500.5" JPY). */
  amountDecimals: (currency: string) =>
    minorUnits(currency) === 0
      ? `Enter an amount in ${currency} without decimals`
      : `Enter an amount in ${currency} with at most ${minorUnits(currency)} decimals`,
  /** A cell that is no amount at all (a sign, an exponent, letters, more digits than any amount has). */
  amountIn: (currency: string) => `Enter an amount in ${currency}, a number like ${minorUnits(currency) === 0 ? '1,250' : '1,250.50'}`,
} as const;

/** Statuses in which a payment entered in its payee's currency shows an estimate in USD: Nium has not taken the dollars yet. */
export const USD_ESTIMATE_STATUSES = ['draft', 'awaiting_approval', 'requires_info'] as const;
const ESTIMATED_WHILE = new Set<string>(USD_ESTIMATE_STATUSES);

/** Whether `amount` (USD) is the quote's estimate of a payment entered in its payee's currency, not yet what Nium took. */
export const isUsdEstimate = (payment: { amount_currency: string; status: string }) =>
  payment.amount_currency !== 'USD' && ESTIMATED_WHILE.has(payment.status);

/** "$316.46 (estimate)" for a payment whose USD side is the quote's estimate; "$316.46" otherwise. */
export const usdAmountText = (payment: { amount: number; amount_currency: string; status: string }, format: (cents: number) => string) =>
  isUsdEstimate(payment) ? `${format(payment.amount)} (estimate)` : format(payment.amount);
