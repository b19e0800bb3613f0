/**
 * Stripe's documented US test bank accounts (routing number 110000000), which the sandbox honours
 * for any routing number: an ACH debit or payment to one of these fails or is returned.
 */
export const SANDBOX_ROUTING_NUMBER = '110000000';

export type SandboxOutcome = { outcome: 'fail' | 'return'; reason: string };

export const sandboxTestAccounts: Record<string, SandboxOutcome> = {
  '000111111116': { outcome: 'fail', reason: 'no_account' },
  '000111111113': { outcome: 'return', reason: 'account_closed' },
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
