import { describe, expect, it } from 'vitest';
import { billingPeriod, firstBillingDate, followingBillingDate, utcDay } from './billing.ts';

describe('billing dates', () => {
  it('charges an upgrade from the 1st of the next month, across the year end', () => {
    expect(firstBillingDate(new Date('2026-11-22T23:59:00Z'))).toBe('2026-12-01');
    expect(firstBillingDate(new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
    expect(firstBillingDate(new Date('2026-01-31T00:00:00Z'))).toBe('2026-02-01');
  });
  it('moves a billing date on one month at a time', () => {
    expect(followingBillingDate('2026-12-01')).toBe('2027-01-01');
    expect(followingBillingDate('2027-02-01')).toBe('2027-03-01');
  });
  it('names the billing month in UTC', () => {
    expect(billingPeriod('2027-01-01')).toBe('2027-01');
    expect(billingPeriod(new Date('2026-12-31T23:30:00-05:00'))).toBe('2027-01');
    expect(utcDay(new Date('2026-12-31T23:30:00-05:00'))).toBe('2027-01-01');
  });
});
