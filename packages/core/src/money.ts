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
