// Money is integer cents everywhere; dollars exist only in inputs and labels.

const dollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 125000 -> "$1,250.00" */
export function formatCents(cents: number): string {
  return dollarFormat.format(cents / 100);
}

const compactUnits = ['', 'K', 'M', 'B', 'T'] as const;

/** 1250000 -> "$12.5K": thousands, millions, billions, trillions. */
export function formatCentsCompact(cents: number): string {
  let value = cents / 100;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < compactUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  const sign = rounded < 0 ? '-' : '';
  return `${sign}$${Math.abs(rounded).toLocaleString('en-US', { maximumFractionDigits: 1 })}${compactUnits[unit]}`;
}

/**
 * Parses what a person typed in dollars ("1,250.5", "$3") into integer cents.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 * Works on the digits as text so 0.1 + 0.2 style float errors never reach a cent.
 */
export function parseDollarsToCents(input: string): number | null {
  const cleaned = input.replace(/[$,\s]/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const isFractionOnly = cleaned.startsWith('.');
  const whole = isFractionOnly ? '0' : (match[1] ?? '0');
  const fraction = ((isFractionOnly ? match[1] : match[2]) ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 125050 -> "1250.50", the plain form a money input shows when editing. */
export function centsToDollarString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Percentages are exact decimals with at most this many places (splits have 2, fee schedules 3). */
const PERCENT_PLACES = 6;
const PERCENT_SCALE = 10n ** BigInt(PERCENT_PLACES);

/** 3.05 -> 3_050_000n (millionths of a percent), read from its decimal text so no float error enters. */
function percentToMillionths(percent: number): bigint {
  if (!Number.isFinite(percent)) throw new RangeError('A percentage must be a finite number');
  const [whole = '0', fraction = ''] = Math.abs(percent).toFixed(PERCENT_PLACES).split('.');
  const value = BigInt(whole) * PERCENT_SCALE + BigInt(fraction.padEnd(PERCENT_PLACES, '0'));
  return percent < 0 ? -value : value;
}

/** numerator / denominator rounded half away from zero (half-up for positive amounts), exactly. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/**
 * `percent` percent of `cents`, rounded half-up to the cent in exact decimal arithmetic:
 * 3.05% of 21,000 is exactly 640.5 -> 641 (float math gives 640.4999... -> 640).
 */
export function percentOfCents(cents: number, percent: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError('Cents must be a safe integer');
  return Number(divideHalfUp(BigInt(cents) * percentToMillionths(percent), 100n * PERCENT_SCALE));
}

/** cents / divisor rounded half-up, exactly (for fees stated as a fraction, like 0.01%). */
export function divideCentsHalfUp(cents: number, divisor: number): number {
  return Number(divideHalfUp(BigInt(cents), BigInt(divisor)));
}
