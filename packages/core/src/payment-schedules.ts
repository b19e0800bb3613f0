import { z } from 'zod';

/** The words of the schedule's form (Execute on, Repeat) and of its runs. */
export const scheduleMessages = {
  executeOn: 'Enter the date to execute on',
  pastDate: 'Choose today or a later date',
  until: 'Enter an end date on or after the execute date',
  count: 'Enter a number of payments from 1 to 120',
  endNeeded: 'Choose an end date or a number of payments for a repeating payment',
  oneEnd: 'Choose an end date or a number of payments, not both',
  noDrafts: 'Only draft payments can be scheduled',
  alreadyScheduled: 'This payment is scheduled already: cancel its schedule first',
  scheduled: 'Payment scheduled',
  cancelled: 'Schedule cancelled',
  notFound: 'Schedule not found',
} as const;

export const scheduleFrequencyLabels = { once: 'Once', weekly: 'Every week', monthly: 'Every month' } as const;
export type ScheduleFrequency = keyof typeof scheduleFrequencyLabels;

const isoDate = (message: string) => z.iso.date({ error: message });

/** POST /v1/payment_schedules: these drafts are executed on `execute_on`, once or every week or month until a date or a count. */
export const createScheduleBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(1_000),
    execute_on: isoDate(scheduleMessages.executeOn),
    frequency: z.enum(['once', 'weekly', 'monthly']).default('once'),
    until: isoDate(scheduleMessages.until).nullable().optional(),
    count: z
      .number({ error: scheduleMessages.count })
      .int(scheduleMessages.count)
      .min(1, scheduleMessages.count)
      .max(120, scheduleMessages.count)
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.until && body.until < body.execute_on) ctx.addIssue({ code: 'custom', path: ['until'], message: scheduleMessages.until });
    if (body.frequency === 'once') return;
    if (body.until && body.count) ctx.addIssue({ code: 'custom', path: ['count'], message: scheduleMessages.oneEnd });
    if (!body.until && !body.count) ctx.addIssue({ code: 'custom', path: ['until'], message: scheduleMessages.endNeeded });
  });
export type CreateScheduleBody = z.infer<typeof createScheduleBody>;

export const scheduleRecord = z.object({
  id: z.string(),
  payment_id: z.string(),
  frequency: z.enum(['once', 'weekly', 'monthly']),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  max_runs: z.number().int().nullable(),
  runs: z.number().int(),
  next_run_at: z.string(),
  status: z.enum(['active', 'cancelled', 'ended']),
  /** The template payment's recipient name, amount and memo, for the Home list. */
  recipient_name: z.string(),
  amount: z.number().int(),
  memo: z.string(),
  /** Why the payment of its latest run waits (the contract, a deliverable): it executes once released. Empty: nothing waits. */
  waiting_reasons: z.array(z.string()),
});
export type ScheduleRecord = z.infer<typeof scheduleRecord>;

export const schedulesQuery = z.object({ payment_id: z.uuid().optional() });
export const schedulesAnswer = z.object({ data: z.array(scheduleRecord) });
export const createScheduleAnswer = z.object({ message: z.string(), data: z.array(scheduleRecord) });
