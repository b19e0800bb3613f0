import type { Config } from '../config.ts';

/**
 * Capabilities that still have only a sandbox adapter. Going live (SANDBOX=false) with one of
 * them would silently keep simulating money, so the server refuses to start and names them.
 * An entry leaves this list when its real adapter is written.
 */
const SANDBOX_ONLY = [
  { capability: 'banking', provider: 'Stripe Treasury (wallet, bank links, ACH)' },
  { capability: 'payouts', provider: 'Stripe, PayPal, Venmo and Nium payouts' },
  { capability: 'payments-in', provider: 'Stripe card payments and Plaid-linked ACH debits (invoices)' },
] as const;

/** Sentences naming what keeps this configuration from running outside the sandbox; empty when ready. */
export function liveModeProblems(config: Pick<Config, 'isSandbox' | 'smtpUrl'>): string[] {
  if (config.isSandbox) return [];
  const problems = SANDBOX_ONLY.map(({ capability, provider }) => `${capability}: no real adapter yet for ${provider}`);
  if (!config.smtpUrl) problems.push('email: SMTP_URL is not set (outside the sandbox email must really be sent)');
  return problems;
}
