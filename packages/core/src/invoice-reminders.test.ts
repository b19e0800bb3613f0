import { describe, expect, it } from 'vitest';
import { describeDueFromToday } from './invoice-reminders.ts';

describe('describeDueFromToday', () => {
  it('says how far the due date is from today, in days', () => {
    expect(describeDueFromToday('2026-03-10', '2026-03-07')).toBe('is due in 3 days');
    expect(describeDueFromToday('2026-03-08', '2026-03-07')).toBe('is due tomorrow');
    expect(describeDueFromToday('2026-03-07', '2026-03-07')).toBe('is due today');
    expect(describeDueFromToday('2026-03-06', '2026-03-07')).toBe('was due yesterday');
    expect(describeDueFromToday('2026-02-28', '2026-03-07')).toBe('is 7 days overdue');
  });

  it('counts across months and leap days', () => {
    expect(describeDueFromToday('2028-03-01', '2028-02-28')).toBe('is due in 2 days');
    expect(describeDueFromToday('2026-01-01', '2025-12-31')).toBe('is due tomorrow');
    expect(describeDueFromToday('2025-12-01', '2026-01-01')).toBe('is 31 days overdue');
  });
});
