import { z } from 'zod';

/** Dunning: reminders of unpaid invoices on days counted from the due date (negative: before it). */
export const MIN_REMINDER_DAY = -60;
export const MAX_REMINDER_DAY = 365;
export const MAX_REMINDER_STEPS = 8;
export const DEFAULT_REMINDER_STEPS = [-3, 0, 7, 14];

export const reminderMessages = {
  enabled: 'Choose on or off',
  step: `Each reminder day is a whole number from ${MIN_REMINDER_DAY} (before the due date) to ${MAX_REMINDER_DAY} (after it)`,
  steps: `Choose 1 to ${MAX_REMINDER_STEPS} reminder days`,
  distinct: 'Each reminder day may appear once',
  saved: 'Reminder schedule has been saved!',
} as const;

const step = z
  .number({ error: reminderMessages.step })
  .int(reminderMessages.step)
  .min(MIN_REMINDER_DAY, reminderMessages.step)
  .max(MAX_REMINDER_DAY, reminderMessages.step);

export const reminderSettingsBody = z.object({
  enabled: z.boolean({ error: reminderMessages.enabled }),
  steps: z
    .array(step, { error: reminderMessages.steps })
    .min(1, reminderMessages.steps)
    .max(MAX_REMINDER_STEPS, reminderMessages.steps)
    .refine((days) => new Set(days).size === days.length, reminderMessages.distinct)
    .transform((days) => [...days].sort((a, b) => a - b)),
});
export type ReminderSettingsBody = z.infer<typeof reminderSettingsBody>;

export const reminderSettingsRecord = z.object({ enabled: z.boolean(), steps: z.array(z.number().int()) });
export type ReminderSettingsRecord = z.infer<typeof reminderSettingsRecord>;

export const invoiceReminderRecord = z.object({ step: z.number().int(), sent_at: z.string() });
export type InvoiceReminderRecord = z.infer<typeof invoiceReminderRecord>;
export const invoiceRemindersAnswer = z.object({ reminders: z.array(invoiceReminderRecord) });

/** A reminder day in words: "3 days before the due date", "On the due date", "7 days after the due date". */
export function describeReminderStep(day: number): string {
  if (day === 0) return 'On the due date';
  const count = Math.abs(day);
  return `${count} day${count === 1 ? '' : 's'} ${day < 0 ? 'before' : 'after'} the due date`;
}

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

/**
 * When an unpaid invoice is due, said from the reader's today (both YYYY-MM-DD, UTC days):
 * "is due in 3 days", "is due tomorrow", "is due today", "was due yesterday", "is 7 days overdue".
 */
export function describeDueFromToday(dueDate: string, today: string): string {
  const diff = Math.round((Date.parse(dueDate) - Date.parse(today)) / 86_400_000);
  if (diff === 0) return 'is due today';
  if (diff === 1) return 'is due tomorrow';
  if (diff > 1) return `is due in ${days(diff)}`;
  if (diff === -1) return 'was due yesterday';
  return `is ${days(-diff)} overdue`;
}
