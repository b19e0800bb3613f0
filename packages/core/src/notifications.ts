import { z } from 'zod';
import type { WebhookEventType } from './integrations.ts';

/**
 * The events a member is told about in the bell, and may also choose to receive by email
 * (Settings > Notifications). Each is a domain event of the same name (see integrations.ts).
 */
export const notificationEventKinds = [
  'bank.verified',
  'bank.funds_arrived',
  'payment.posted',
  'payment.failed',
  'payment.returned',
  'payee.details_provided',
  'contract.signed',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.refund_failed',
  'invoice.disputed',
  'invoice.dispute_closed',
  'billing.plan_charged',
  'billing.delinquent',
] as const satisfies readonly WebhookEventType[];
export type NotificationEventKind = (typeof notificationEventKinds)[number];

export const notificationEventLabels: Record<NotificationEventKind, string> = {
  'bank.verified': 'Bank account verified',
  'bank.funds_arrived': 'Funds arrived in the wallet',
  'payment.posted': 'Payment posted',
  'payment.failed': 'Payment failed',
  'payment.returned': 'Payment returned',
  'payee.details_provided': 'Payee gave their payout details',
  'contract.signed': 'Contract signed',
  'invoice.paid': 'Invoice paid',
  'invoice.payment_failed': 'Invoice payment failed',
  'invoice.refund_failed': 'Invoice refund failed',
  'invoice.disputed': 'Invoice payment disputed',
  'invoice.dispute_closed': 'Invoice dispute closed',
  'billing.plan_charged': 'Plan charged',
  'billing.delinquent': 'Billing delinquent',
};

export const isNotificationEventKind = (type: string): type is NotificationEventKind =>
  (notificationEventKinds as readonly string[]).includes(type);

export const notificationRecord = z.object({
  id: z.uuid(),
  text: z.string(),
  link: z.string().nullable(),
  dismissed: z.boolean(),
  created_at: z.string(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

/** PUT /v1/notification_preferences: the event kinds this member also receives by email. */
export const notificationPreferencesBody = z.object({
  email_events: z
    .array(z.enum(notificationEventKinds, { error: 'Unknown event kind' }), { error: 'This field is required' })
    .max(notificationEventKinds.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesBody>;
