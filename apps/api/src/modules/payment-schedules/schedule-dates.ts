import type { PaymentSchedule } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

/**
 * The start (00:00 UTC) of a schedule's period `period`: the execute date plus that many weeks or
 * months. A monthly schedule starting on the 31st runs on the last day of shorter months (a
 * retainer paid "at the end of the month" stays there) and comes back to the 31st after them.
 */
export function periodStart(schedule: Pick<PaymentSchedule, 'starts_on' | 'frequency'>, period: number): Date {
  const [year, month, day] = schedule.starts_on.split('-').map(Number) as [number, number, number];
  if (schedule.frequency === 'weekly') return new Date(Date.UTC(year, month - 1, day) + period * 7 * DAY_MS);
  const lastDay = new Date(Date.UTC(year, month - 1 + period + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + period, Math.min(day, lastDay)));
}

/** Whether the schedule has a period after `period`: once schedules have one, others end at their date or count. */
export function hasPeriodAfter(schedule: PaymentSchedule, period: number): boolean {
  if (schedule.frequency === 'once') return false;
  if (schedule.max_runs !== null && period + 1 >= schedule.max_runs) return false;
  if (
    schedule.ends_on !== null &&
    periodStart(schedule, period + 1)
      .toISOString()
      .slice(0, 10) > schedule.ends_on
  )
    return false;
  return true;
}

/** A date (YYYY-MM-DD) of the sandbox clock, as the schedule's dates are kept. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
