/**
 * Stripe's documented test cards, which the sandbox card processor honours. Any other number that
 * passes Luhn succeeds. docs/invoices.md lists them.
 */
export type CardBehaviour = { outcome: 'succeed' } | { outcome: 'decline'; reason: string } | { outcome: 'dispute'; reason: string };

export const sandboxTestCards: Record<string, CardBehaviour> = {
  '4242424242424242': { outcome: 'succeed' },
  '4000000000000002': { outcome: 'decline', reason: 'card_declined' },
  '4000000000009995': { outcome: 'decline', reason: 'insufficient_funds' },
  '4000000000000069': { outcome: 'decline', reason: 'expired_card' },
  '4000000000000341': { outcome: 'dispute', reason: 'fraudulent' },
  '4000000000000259': { outcome: 'dispute', reason: 'fraudulent' },
};

export const cardBehaviour = (number: string): CardBehaviour => sandboxTestCards[number] ?? { outcome: 'succeed' };

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
}

/** The sandbox bank-link service's institutions and accounts (Plaid's sandbox: user_good / pass_good). */
export const SANDBOX_BANK_USERNAME = 'user_good';
export const SANDBOX_BANK_PASSWORD = 'pass_good';
export const sandboxInstitutions = ['First Platypus Bank', 'Tartan Bank', 'Houndstooth Bank'] as const;
/** Account numbers are Stripe's test bank accounts (providers/banking/test-accounts.ts): the debit settles, fails or is returned. */
export const sandboxBankAccounts = [
  { account_id: 'acc_checking', name: 'Plaid Checking', account_number: '000123456789' },
  { account_id: 'acc_saving', name: 'Plaid Saving', account_number: '000555555559' },
  { account_id: 'acc_nofunds', name: 'Plaid Low Balance', account_number: '000222222227' },
] as const;
