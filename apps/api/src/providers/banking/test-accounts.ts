/**
 * Stripe's documented US test bank accounts (routing number 110000000), which the sandbox honours
 * for any routing number: an ACH debit or payment to one of these fails with its code (000111111113
 * is account_closed, a failure). 000555555559 is Stripe's ACH Direct Debit account that succeeds
 * and is then disputed: the sandbox makes every movement to it post, then come back returned, as a
 * bank return days later does (on Stripe Treasury a return is made with the test helpers).
 */
export const SANDBOX_ROUTING_NUMBER = '110000000';

type SandboxOutcome = { outcome: 'fail' | 'return'; reason: string };

/** The test account whose movements post and are returned later. */
export const RETURNED_TEST_ACCOUNT = '000555555559';

const sandboxTestAccounts: Record<string, SandboxOutcome> = {
  '000111111116': { outcome: 'fail', reason: 'no_account' },
  '000111111113': { outcome: 'fail', reason: 'account_closed' },
  '000555555559': { outcome: 'return', reason: 'account_closed' },
  '000222222227': { outcome: 'fail', reason: 'insufficient_funds' },
  '000333333335': { outcome: 'fail', reason: 'debit_not_authorized' },
  '000444444440': { outcome: 'fail', reason: 'invalid_currency' },
};

export function sandboxOutcome(accountNumber: string): SandboxOutcome | null {
  return sandboxTestAccounts[accountNumber] ?? null;
}

export function sandboxBankName(routingNumber: string): string {
  return routingNumber === SANDBOX_ROUTING_NUMBER ? 'STRIPE TEST BANK' : 'SANDBOX BANK';
}

/**
 * A test EIN for which the bank asks for the business's beneficial owners (owners of 25% or more
 * and the attestation that all are given), as Stripe does for a US company: the sandbox and the
 * Stripe fake both ask for them for this EIN, so the owners' screens can be tried and tested.
 */
export const OWNERS_TEST_EIN = '000000025';

/** What the bank asks for while an OWNERS_TEST_EIN company's owners are not given (Stripe's names). */
export const OWNER_REQUIREMENTS = [
  'company.owners_provided',
  'owners.first_name',
  'owners.last_name',
  'owners.relationship.percent_ownership',
];

/** Stripe's test SSN that fails verification: the bank asks for an identity document, which only its hosted onboarding collects. */
export const UNVERIFIABLE_TEST_SSN = '111111111';
