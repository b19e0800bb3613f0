import { minorUnits } from '@crewpay/core';
import type { Balances } from './state.ts';

/** A rate as an exact fraction of its decimal digits. */
function fraction(rate: number): { numerator: bigint; denominator: bigint } {
  const [whole = '0', decimals = ''] = String(rate).split('.');
  return { numerator: BigInt(`${whole}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

/**
 * The source amount that buys `destination` at `rate` (units of the destination per unit of the
 * source), rounded up to the source's minor unit: the payee receives at least what was asked.
 */
export function sourceFor(destination: number, options: { from: string; to: string; rate: number }): number {
  const { numerator, denominator } = fraction(options.rate);
  const scaleFrom = 10n ** BigInt(minorUnits(options.from));
  const scaleTo = 10n ** BigInt(minorUnits(options.to));
  const top = BigInt(destination) * denominator * scaleFrom;
  const bottom = numerator * scaleTo;
  return Number((top + bottom - 1n) / bottom);
}

export function credit(balances: Balances, currency: string, amount: number) {
  balances.set(currency, (balances.get(currency) ?? 0) + amount);
}

/** Takes `amount` from the balance when it holds that much; false (and nothing taken) when it does not. */
export function debit(balances: Balances, currency: string, amount: number): boolean {
  const balance = balances.get(currency) ?? 0;
  if (balance < amount) return false;
  balances.set(currency, balance - amount);
  return true;
}
