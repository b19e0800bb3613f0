import { describe, expect, it } from 'vitest';
import {
  sourceForMinor,
  convertMinor,
  decimalToMinor,
  formatMinor,
  isCurrencyCode,
  minorToMajorString,
  minorUnits,
  parseMajorToMinor,
} from './currencies.ts';

describe('minorUnits', () => {
  it.each([
    ['USD', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['EUR', 2],
    ['INR', 2],
  ])('%s has %i decimals', (code, units) => {
    expect(minorUnits(code)).toBe(units);
  });

  it('refuses a code ISO 4217 does not list', () => {
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(() => minorUnits('usd')).toThrow(RangeError);
  });
});

describe('formatMinor and minorToMajorString', () => {
  it('places the decimals of each currency', () => {
    expect(minorToMajorString(125050, 'USD')).toBe('1250.50');
    expect(minorToMajorString(125050, 'JPY')).toBe('125050');
    expect(minorToMajorString(1250, 'BHD')).toBe('1.250');
    expect(minorToMajorString(5, 'BHD')).toBe('0.005');
    expect(minorToMajorString(-7, 'GBP')).toBe('-0.07');
  });

  it('formats with the symbol and the currency own decimals', () => {
    expect(formatMinor(125000, 'GBP')).toBe('£1,250.00');
    expect(formatMinor(125000, 'JPY')).toBe('¥125,000');
    expect(formatMinor(1250, 'BHD')).toBe('BHD\u00a01.250');
    expect(formatMinor(832155, 'INR')).toBe('₹8,321.55');
  });

  it('keeps every minor unit of an amount past what a float holds exactly', () => {
    expect(formatMinor(9_007_199_254_740_991, 'USD')).toBe('$90,071,992,547,409.91');
  });
});

describe('parseMajorToMinor', () => {
  it.each([
    ['1,250.5', 'USD', 125050],
    ['£3', 'GBP', 300],
    ['125 000', 'JPY', 125000],
    ['1.250', 'BHD', 1250],
    ['.5', 'EUR', 50],
    ['0.1', 'USD', 10],
  ])('reads %j in %s as %i', (input, currency, amount) => {
    expect(parseMajorToMinor(input, currency)).toBe(amount);
  });

  it.each([
    ['1.5', 'JPY'],
    ['1.234', 'USD'],
    ['1.2345', 'BHD'],
    ['-5', 'USD'],
    ['', 'USD'],
    ['.', 'USD'],
    ['abc', 'EUR'],
  ])('refuses %j in %s', (input, currency) => {
    expect(parseMajorToMinor(input, currency)).toBeNull();
  });
});

describe('decimalToMinor', () => {
  it('reads a provider decimal, trailing zeros allowed', () => {
    expect(decimalToMinor('5418.1700', 'INR')).toBe(541817);
    expect(decimalToMinor(100.5, 'SGD')).toBe(10050);
    expect(decimalToMinor('15137.00', 'JPY')).toBe(15137);
    expect(decimalToMinor('-2.5', 'USD')).toBe(-250);
  });

  it('refuses an amount the currency cannot hold rather than rounding it', () => {
    expect(decimalToMinor('15137.5', 'JPY')).toBeNull();
    expect(decimalToMinor('1.005', 'USD')).toBeNull();
    expect(decimalToMinor('1e3', 'USD')).toBeNull();
  });
});

describe('convertMinor', () => {
  it('converts with the rate exactly and rounds half up to the target minor unit', () => {
    expect(convertMinor(10000, { from: 'USD', to: 'INR', rate: '83.2155' })).toBe(832155);
    expect(convertMinor(10000, { from: 'USD', to: 'JPY', rate: 151.37 })).toBe(15137);
    expect(convertMinor(10050, { from: 'USD', to: 'JPY', rate: '151.37' })).toBe(15213); // 15212.685 -> 15213
    expect(convertMinor(1000, { from: 'USD', to: 'BHD', rate: '0.376' })).toBe(3760);
    expect(convertMinor(100000, { from: 'JPY', to: 'USD', rate: '0.0066' })).toBe(66000);
    expect(convertMinor(1, { from: 'USD', to: 'EUR', rate: '0.5' })).toBe(1); // 0.5 cent rounds up
  });

  it('refuses a rate that is not a positive decimal', () => {
    expect(() => convertMinor(100, { from: 'USD', to: 'EUR', rate: '0' })).toThrow(RangeError);
    expect(() => convertMinor(100, { from: 'USD', to: 'EUR', rate: '-1.2' })).toThrow(RangeError);
  });
});

describe('sourceForMinor', () => {
  it('answers the least source that buys a fixed destination, rounded up, so the payee receives at least it', () => {
    expect(sourceForMinor(1000, { from: 'USD', to: 'GBP', rate: '0.788' })).toBe(1270); // 12.6903 -> 12.70
    expect(sourceForMinor(150000, { from: 'USD', to: 'JPY', rate: '150.76452' })).toBe(99493);
    // What it buys back is at least the destination, and one cent less buys less.
    for (const [destination, currency, rate] of [
      [25_000, 'GBP', '0.788035'],
      [150_000, 'JPY', '150.76452'],
      [12_345, 'BHD', '0.376'],
    ] as const) {
      const source = sourceForMinor(destination, { from: 'USD', to: currency, rate });
      expect(convertMinor(source, { from: 'USD', to: currency, rate })).toBeGreaterThanOrEqual(destination);
      expect(Number(rate) * (source - 1) * 10 ** -2).toBeLessThan(
        destination * 10 ** -(currency === 'JPY' ? 0 : currency === 'BHD' ? 3 : 2),
      );
    }
  });
});
