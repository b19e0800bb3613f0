import { z } from 'zod';

/** Recurring invoices: a schedule sends a copy of an invoice every N months or weeks. */
export const scheduleIntervals = ['month', 'week'] as const;
export type ScheduleInterval = (typeof scheduleIntervals)[number];
export const scheduleStatuses = ['active', 'stopped', 'ended'] as const;
export const MAX_SCHEDULE_EVERY = 12;
export const MAX_SCHEDULE_COUNT = 120;

export const invoiceScheduleMessages = {
  interval: 'Choose monthly or weekly',
  every: `Repeat every 1 to ${MAX_SCHEDULE_EVERY} months or weeks`,
  startDate: 'Enter a start date as YYYY-MM-DD',
  startPast: 'The start date cannot be in the past',
  endDate: 'Enter an end date as YYYY-MM-DD',
  endBeforeStart: 'The end date must be on or after the start date',
  count: `Enter a number of invoices from 1 to ${MAX_SCHEDULE_COUNT}`,
  endOrCount: 'Choose an end date or a number of invoices, not both',
  notFound: 'Schedule not found',
  exists: 'This invoice already repeats',
  notOpen: 'Only an open invoice can repeat',
  ended: 'This schedule has already ended',
  endPast: 'The end date cannot be in the past',
  countBelowSent: 'Choose more invoices than this schedule has already sent',
  created: 'Invoice will repeat!',
  saved: 'Schedule has been saved!',
  stopped: 'Schedule has been stopped!',
} as const;

const repeatFields = {
  interval: z.enum(scheduleIntervals, { error: invoiceScheduleMessages.interval }),
  every: z
    .number({ error: invoiceScheduleMessages.every })
    .int(invoiceScheduleMessages.every)
    .min(1, invoiceScheduleMessages.every)
    .max(MAX_SCHEDULE_EVERY, invoiceScheduleMessages.every),
  end_date: z.iso.date({ error: invoiceScheduleMessages.endDate }).nullable().default(null),
  count: z
    .number({ error: invoiceScheduleMessages.count })
    .int(invoiceScheduleMessages.count)
    .min(1, invoiceScheduleMessages.count)
    .max(MAX_SCHEDULE_COUNT, invoiceScheduleMessages.count)
    .nullable()
    .default(null),
};
const oneEnd = (body: { end_date: string | null; count: number | null }) => body.end_date === null || body.count === null;

/** PUT /v1/invoice_schedules/{id}: the repeat and the end of an active schedule (its start stays). */
export const updateInvoiceScheduleBody = z
  .object(repeatFields)
  .refine(oneEnd, { message: invoiceScheduleMessages.endOrCount, path: ['count'] });
export type UpdateInvoiceScheduleBody = z.infer<typeof updateInvoiceScheduleBody>;

export const createInvoiceScheduleBody = z
  .object({ ...repeatFields, start_date: z.iso.date({ error: invoiceScheduleMessages.startDate }) })
  .refine(oneEnd, { message: invoiceScheduleMessages.endOrCount, path: ['count'] })
  .refine((body) => body.end_date === null || body.end_date >= body.start_date, {
    message: invoiceScheduleMessages.endBeforeStart,
    path: ['end_date'],
  });
export type CreateInvoiceScheduleBody = z.infer<typeof createInvoiceScheduleBody>;

export const scheduleInvoiceRecord = z.object({ id: z.string(), number: z.string(), period: z.number().int(), created_at: z.string() });

export const invoiceScheduleRecord = z.object({
  id: z.string(),
  template_invoice_id: z.string(),
  interval: z.enum(scheduleIntervals),
  every: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  count: z.number().int().nullable(),
  sent_count: z.number().int(),
  /** The day the next invoice is sent; null once the schedule has stopped or ended. */
  next_date: z.string().nullable(),
  status: z.enum(scheduleStatuses),
  stopped_at: z.string().nullable(),
  created_at: z.string(),
  invoices: z.array(scheduleInvoiceRecord),
});
export type InvoiceScheduleRecord = z.infer<typeof invoiceScheduleRecord>;

/** GET /v1/invoices/{id}/schedule: the schedule an invoice starts or was sent by, if any. */
export const invoiceScheduleAnswer = z.object({ schedule: invoiceScheduleRecord.nullable() });

/** How people read a schedule: "Every month", "Every 2 weeks". */
export function describeScheduleEvery(interval: ScheduleInterval, every: number): string {
  return every === 1 ? `Every ${interval}` : `Every ${every} ${interval}s`;
}

/**
 * The day of a schedule's period (0 is the start date): months keep the start's day of month,
 * clamped to a shorter month's last day (a schedule from 31 January sends on 28 February).
 */
export function schedulePeriodDate(start: string, interval: ScheduleInterval, every: number, period: number): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  if (interval === 'week') return new Date(Date.UTC(year, month - 1, day + period * every * 7)).toISOString().slice(0, 10);
  const monthIndex = month - 1 + period * every;
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, monthIndex, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
