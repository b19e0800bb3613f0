import { describe, expect, it } from 'vitest';
import { centsToDollarString, formatCents, formatCentsCompact, parseDollarsToCents } from './money.ts';

describe('parseDollarsToCents', () => {
  it.each([
    ['1,250.00', 125000],
    ['$1,250', 125000],
    ['0.1', 10],
    ['0.29', 29],
    ['.5', 50],
    ['19.99', 1999],
    ['1000000', 100000000],
    [' 3.07 ', 307],
  ])('reads %s as %i cents', (input, cents) => {
    expect(parseDollarsToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '-5', '1..2', '1,2a', '$', '.'])('refuses %j', (input) => {
    expect(parseDollarsToCents(input)).toBeNull();
  });

  it('never drifts on amounts that floats cannot hold exactly', () => {
    for (let cents = 0; cents < 5000; cents += 7) {
      expect(parseDollarsToCents(centsToDollarString(cents))).toBe(cents);
    }
  });
});

describe('formatCents', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatCents(125000)).toBe('$1,250.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-1999)).toBe('-$19.99');
  });
});

describe('formatCentsCompact', () => {
  it.each([
    [99900, '$999'],
    [125000, '$1.3K'],
    [250_000_000, '$2.5M'],
    [300_000_000_000, '$3B'],
    [700_000_000_000_000, '$7T'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatCentsCompact(cents)).toBe(text);
  });
});

describe('centsToDollarString', () => {
  it('pads cents', () => {
    expect(centsToDollarString(105)).toBe('1.05');
    expect(centsToDollarString(-5)).toBe('-0.05');
  });
});
