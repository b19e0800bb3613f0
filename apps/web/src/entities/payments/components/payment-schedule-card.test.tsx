import { describe, expect, it } from 'vitest';
import { paymentGateMessages, type ScheduleRecord } from '@crewpay/core';
import { describeSchedule } from './payment-schedule-card.tsx';

const schedule: ScheduleRecord = {
  id: '0b8f5f8e-7f3c-4f43-9d7e-7d5b2c2b3f10',
  payment_id: '0b8f5f8e-7f3c-4f43-9d7e-7d5b2c2b3f11',
  frequency: 'weekly',
  starts_on: '2026-12-01',
  ends_on: null,
  max_runs: 3,
  runs: 1,
  next_run_at: '2026-12-08T00:00:00.000Z',
  status: 'active',
  recipient_name: 'Casey Creator',
  amount: 10_000,
  memo: 'Retainer',
  waiting_reasons: [],
};
const waits = `${paymentGateMessages.waitsForContract} · ${paymentGateMessages.executeOnRelease}`;

describe('describeSchedule', () => {
  it('says when the next run is while nothing waits', () => {
    expect(describeSchedule(schedule)).toBe('Every week, 3 payments · next on 12/8/2026');
  });

  it('says a run waits for the contract, and executes once signed rather than at a date', () => {
    const waiting = { ...schedule, waiting_reasons: [paymentGateMessages.waitsForContract] };
    expect(describeSchedule(waiting)).toBe(`Every week, 3 payments · next on 12/8/2026 · ${waits}`);
    expect(describeSchedule({ ...waiting, status: 'ended' })).toBe(waits);
  });
});
