/**
 * The rates of Crewpay's Nium sandbox and of the Nium fake: mid-market rates of one US dollar,
 * and the markup a payout quote takes off them (what the payee receives is a little less than
 * mid-market, as with Nium). Fixed, so a test can compute what a payee receives.
 */
export const NIUM_SANDBOX_MID_MARKET_PER_USD: Readonly<Record<string, string>> = {
  USD: '1',
  GBP: '0.7912',
  EUR: '0.9231',
  INR: '83.2155',
  BRL: '5.0512',
  JPY: '151.37',
  MXN: '17.0534',
  PHP: '56.1225',
};
const NIUM_SANDBOX_MARKUP = 0.004;

/** A rate as text with 6 decimals at most, never a float's long tail. */
const rounded = (value: number) => Number(value.toFixed(6));

/** Units of `to` for one unit of `from`: mid-market, and net of the markup (1 for the same currency). */
export function niumSandboxRate(from: string, to: string): { exchangeRate: number; netExchangeRate: number } | null {
  const perFrom = NIUM_SANDBOX_MID_MARKET_PER_USD[from];
  const perTo = NIUM_SANDBOX_MID_MARKET_PER_USD[to];
  if (!perFrom || !perTo) return null;
  const exchangeRate = rounded(Number(perTo) / Number(perFrom));
  return { exchangeRate, netExchangeRate: from === to ? 1 : rounded(exchangeRate * (1 - NIUM_SANDBOX_MARKUP)) };
}
