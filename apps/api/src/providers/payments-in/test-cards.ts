/**
 * Stripe's documented test cards, which the sandbox card processor honours. Any other number that
 * passes Luhn succeeds. docs/invoices.md lists them.
 */
type CardBehaviour = {
  /** The issuer asks for 3-D Secure before the charge goes on. */
  authenticate?: boolean;
  decline?: string;
  dispute?: string;
  refundFails?: boolean;
};

const sandboxTestCards: Record<string, CardBehaviour> = {
  '4242424242424242': {},
  '4000000000000002': { decline: 'card_declined' },
  '4000000000009995': { decline: 'insufficient_funds' },
  '4000000000000069': { decline: 'expired_card' },
  '4000000000000341': { dispute: 'fraudulent' },
  '4000000000000259': { dispute: 'fraudulent' },
  '4000002760003184': { authenticate: true },
  '4000000000003220': { authenticate: true },
  '4000008260003178': { authenticate: true, decline: 'insufficient_funds' },
  '4000000000005126': { refundFails: true },
};

export const cardBehaviour = (number: string): CardBehaviour => sandboxTestCards[number] ?? {};

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
}

/** The sandbox bank-link service's institutions and accounts (the login: user_good / pass_good). */
export const SANDBOX_BANK_USERNAME = 'user_good';
export const SANDBOX_BANK_PASSWORD = 'pass_good';
export const sandboxInstitutions = ['First Platypus Bank', 'Tartan Bank', 'Houndstooth Bank'] as const;
/** Account numbers are Stripe's ACH Direct Debit test accounts (routing 110000000): the debit settles, fails (no funds, a closed account), or is disputed. */
export const sandboxBankAccounts = [
  { account_id: 'acc_checking', name: 'Plaid Checking', account_number: '000123456789' },
  { account_id: 'acc_saving', name: 'Plaid Saving', account_number: '000555555559' },
  { account_id: 'acc_nofunds', name: 'Plaid Low Balance', account_number: '000222222227' },
  { account_id: 'acc_closed', name: 'Plaid Closed', account_number: '000111111113' },
] as const;

/**
 * Stripe's ACH Direct Debit test account numbers (docs.stripe.com, "Test account numbers"): the
 * payment succeeds, fails with a code, or succeeds and is disputed (for a bank debit, a return).
 */
const DEBIT_OUTCOMES: Record<string, { outcome: 'fail' | 'return'; reason: string }> = {
  '000111111113': { outcome: 'fail', reason: 'account_closed' },
  '000111111116': { outcome: 'fail', reason: 'no_account' },
  '000222222227': { outcome: 'fail', reason: 'insufficient_funds' },
  '000333333335': { outcome: 'fail', reason: 'debit_not_authorized' },
  '000444444440': { outcome: 'fail', reason: 'invalid_currency' },
  '000555555559': { outcome: 'return', reason: 'debit_not_authorized' },
};

export const debitOutcome = (accountNumber: string) => DEBIT_OUTCOMES[accountNumber] ?? null;
