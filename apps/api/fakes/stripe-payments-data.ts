/**
 * Stripe's documented test data for payments, as the payments fake honours it:
 * - test PaymentMethods (docs.stripe.com/testing: "pm_card_visa" style ids, usable on any account),
 *   with what a charge does: succeeds, is declined (decline_code), needs 3-D Secure first, is
 *   disputed (and how), or has its refund fail later;
 * - the ACH Direct Debit test account numbers (routing 110000000): the payment succeeds, fails
 *   with a code, or succeeds and is disputed; numbers typed by hand need micro-deposit
 *   verification first (descriptor code SM11AA, or amounts 32 and 45).
 */
export type CardBehaviour = {
  brand: string;
  last4: string;
  /** 3-D Secure is required before the charge (the card's issuer asks for it). */
  authenticate?: boolean;
  decline_code?: string;
  dispute?: { reason: string; inquiry?: boolean };
  refund_fails?: boolean;
};

export const TEST_CARDS: Record<string, CardBehaviour> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline_code: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', decline_code: 'expired_card' },
  pm_card_createDispute: { brand: 'visa', last4: '0259', dispute: { reason: 'fraudulent' } },
  pm_card_createDisputeProductNotReceived: { brand: 'visa', last4: '2685', dispute: { reason: 'product_not_received' } },
  pm_card_createDisputeInquiry: { brand: 'visa', last4: '1976', dispute: { reason: 'general', inquiry: true } },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', authenticate: true },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', authenticate: true },
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '3178',
    authenticate: true,
    decline_code: 'insufficient_funds',
  },
  pm_card_refundFail: { brand: 'visa', last4: '5126', refund_fails: true },
};

type BankBehaviour = { outcome: 'succeed' } | { outcome: 'fail'; code: string } | { outcome: 'dispute'; reason: string };

export const TEST_ROUTING_NUMBER = '110000000';

const BANK_ACCOUNTS: Record<string, BankBehaviour> = {
  '000123456789': { outcome: 'succeed' },
  '000111111113': { outcome: 'fail', code: 'account_closed' },
  '000111111116': { outcome: 'fail', code: 'no_account' },
  '000222222227': { outcome: 'fail', code: 'insufficient_funds' },
  '000333333335': { outcome: 'fail', code: 'debit_not_authorized' },
  '000444444440': { outcome: 'fail', code: 'invalid_currency' },
  '000555555559': { outcome: 'dispute', reason: 'debit_not_authorized' },
};

/** Any other number succeeds, as Stripe's test mode does. */
export const bankBehaviour = (accountNumber: string): BankBehaviour => BANK_ACCOUNTS[accountNumber] ?? { outcome: 'succeed' };

/** The micro-deposit test values: verified, too many attempts, or a mismatch. */
export function microdepositOutcome(params: { descriptor_code?: unknown; amounts?: unknown }): 'verified' | 'exceeded' | 'mismatch' {
  const amounts = Array.isArray(params.amounts) ? params.amounts.map(Number).join(',') : '';
  if (params.descriptor_code === 'SM11AA' || amounts === '32,45') return 'verified';
  if (params.descriptor_code === 'SM33CC' || amounts === '10,11') return 'exceeded';
  return 'mismatch';
}

/** Stripe's processing fee on the platform (controller.fees.payer = application): 2.9% + 30c a card, 0.8% (at most $5) a bank debit. */
export const stripeFeeOf = (type: 'card' | 'us_bank_account', amount: number) =>
  type === 'card' ? Math.round(amount * 0.029) + 30 : Math.min(500, Math.round(amount * 0.008));
