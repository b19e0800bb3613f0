import { z } from 'zod';
import { isValidRoutingNumber, emailSchema, messages, moneyMessages, requiredText } from './validation.ts';
import { text } from './text.ts';
import { startingAfter } from './paging.ts';
import { walletBreakdown } from './wallet-movements.ts';

export const walletProviders = ['stripe', 'paypal', 'nium'] as const;
export type WalletProvider = (typeof walletProviders)[number];

export const walletBalance = z.object({ currency: z.literal('usd'), amount: z.number().int() });
export const walletSummary = z.object({ id: z.string(), balances: z.array(walletBalance) });
export type WalletSummary = z.infer<typeof walletSummary>;

/** GET /v1/wallets: one entry per provider the organisation has a wallet with. */
export const walletsAnswer = z.object({
  stripe: walletSummary.optional(),
  paypal: walletSummary.optional(),
  nium: walletSummary.optional(),
});
export type WalletsAnswer = z.infer<typeof walletsAnswer>;

export const paymentMethodRecord = z.object({
  id: z.string(),
  type: z.literal('us_bank_account'),
  us_bank_account: z.object({ bank_name: z.string(), last4: z.string(), routing_number: z.string() }),
});

export const setupIntentRecord = z.object({
  id: z.string(),
  status: z.enum(['requires_action', 'succeeded', 'canceled']),
  next_action: z
    .object({
      type: z.literal('verify_with_microdeposits'),
      verify_with_microdeposits: z.object({
        hosted_verification_url: z.string(),
        microdeposit_type: z.literal('descriptor_code'),
      }),
    })
    .nullable(),
});

export const walletDetails = walletSummary.extend({
  provider: z.enum(walletProviders),
  payment_method: paymentMethodRecord.nullable(),
  setup_intent: setupIntentRecord.nullable(),
  account_details: z.object({ account_number: z.string(), routing_number: z.string() }).nullable(),
  /** Only the organisation named by the server's TRANSFER_OUT_ORG_ID may transfer funds out. */
  can_transfer_out: z.boolean(),
  /** The US-only wallet's available, incoming and held money (docs/wallet.md); null for PayPal. */
  breakdown: walletBreakdown.nullable(),
});
export type WalletDetails = z.infer<typeof walletDetails>;

export const transactionStatuses = ['processing', 'succeeded', 'failed', 'returned', 'canceled'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const flowTypes = ['inbound_transfer', 'outbound_payment', 'received_credit', 'received_debit'] as const;
export type FlowType = (typeof flowTypes)[number];

/** The spec's type labels of the transactions table. */
export const transactionTypeLabels: Record<FlowType, string> = {
  outbound_payment: 'Payment',
  received_credit: 'Deposit',
  inbound_transfer: 'Transfer',
  received_debit: 'Debit',
};

/** The spec's payment labels, used for wallet transactions too. */
export const transactionStatusLabels: Record<TransactionStatus, string> = {
  processing: 'Pending',
  succeeded: 'Posted',
  returned: 'Returned',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const walletTransaction = z.object({
  id: z.string(),
  date: z.number().int(),
  memo: z.string(),
  flow_type: z.enum(flowTypes),
  // id: the provider's id of the flow, null until the provider has answered the call that starts it.
  flow_details: z.record(z.string(), z.object({ id: z.string().nullable(), metadata: z.record(z.string(), z.string()) })),
  status: z.enum(transactionStatuses),
  amount: z.number().int(),
  fee: z.number().int(),
  type: z.enum(flowTypes),
  payment_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  contract_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const TRANSACTIONS_PAGE_SIZE = 50;
export const transactionsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(TRANSACTIONS_PAGE_SIZE),
  starting_after: startingAfter,
  status: z.enum(transactionStatuses).optional(),
  flow_type: z.enum(flowTypes).optional(),
});
export const transactionsAnswer = z.object({
  data: z.array(walletTransaction),
  page: z.number().int(),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type TransactionsAnswer = z.infer<typeof transactionsAnswer>;

export const bankMessages = {
  accountNumber: 'This field is required and must be 4 to 17 digits',
  routingNumber: 'This field is required and must be 9 digits',
  routingChecksum: 'This is not a valid routing number: check its 9 digits',
  amount: 'Enter an amount above $0.00',
} as const;

export const accountNumberSchema = text(bankMessages.accountNumber)
  .trim()
  .regex(/^\d{4,17}$/, bankMessages.accountNumber);
export const routingNumberSchema = text(bankMessages.routingNumber)
  .trim()
  .regex(/^\d{9}$/, bankMessages.routingNumber)
  .refine(isValidRoutingNumber, bankMessages.routingChecksum);
/** Integer cents, above zero and below $10,000,000.00. */
export const amountSchema = z
  .number({ error: moneyMessages.wholeCents })
  .int(moneyMessages.wholeCents)
  .min(1, bankMessages.amount)
  .max(1_000_000_000, 'Amount must be at most $10,000,000.00');

export const attachBankBody = z.object({ account_number: accountNumberSchema, routing_number: routingNumberSchema });
export type AttachBankBody = z.infer<typeof attachBankBody>;

export const achDebitBody = z.object({
  amount: amountSchema,
  payment_method: z.string({ error: messages.required }).min(1, messages.required).max(100),
});
export type AchDebitBody = z.infer<typeof achDebitBody>;

export const achTransferBody = z.object({
  amount: amountSchema,
  name: requiredText(100),
  description: requiredText(100),
  account_num: accountNumberSchema,
  routing_num: routingNumberSchema,
});
export type AchTransferBody = z.infer<typeof achTransferBody>;

export const loadFundsBody = z.object({ amount: amountSchema });
export type LoadFundsBody = z.infer<typeof loadFundsBody>;

export const treasuryTransactionAnswer = z.object({
  id: z.string(),
  status: z.enum(transactionStatuses),
  amount: z.number().int(),
  fee: z.number().int(),
});
export type TreasuryTransactionAnswer = z.infer<typeof treasuryTransactionAnswer>;

export const failureReasonLabels: Record<string, string> = {
  no_account: 'The bank account could not be found',
  account_closed: 'The bank account is closed',
  insufficient_funds: 'The bank account has insufficient funds',
  debit_not_authorized: 'The debit was not authorized',
  invalid_currency: 'The bank account does not accept USD',
};

export const TRANSFER_OUT_REFUSED = 'Please contact support to transfer funds out of Crewpay';

export const paypalStatusAnswer = z.object({
  status: z.enum(['unlinked', 'connecting', 'linked']),
  email: z.string().nullable(),
  url: z.string().nullable(),
});
export type PaypalStatusAnswer = z.infer<typeof paypalStatusAnswer>;
export const paypalOauthBody = z.object({ code: z.string({ error: messages.required }).min(1, messages.required).max(200) });
/** The sandbox PayPal's consent page: the onboarding (referral) it was opened for and the account's email. */
export const paypalConsentBody = z.object({ referral: z.string().min(1).max(200), email: emailSchema });

/** Primary button of the US-only wallet. */
export function walletPrimaryAction(
  wallet: Pick<WalletDetails, 'payment_method' | 'setup_intent'>,
): 'Add funds' | 'Verify account' | 'Connect bank' {
  if (wallet.payment_method) return 'Add funds';
  if (wallet.setup_intent) return 'Verify account';
  return 'Connect bank';
}
