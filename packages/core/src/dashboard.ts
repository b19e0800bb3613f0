import { z } from 'zod';

export * from './dashboard-labels.ts';

/** Spec 000 Home dashboard: the to-do item types. */
export const todoTypes = ['Unsigned Contract', 'Payment needs payout method', 'Unpaid Invoice'] as const;
export type TodoType = (typeof todoTypes)[number];

/** Spec 'Payee/to-do': todoType, id, org_id, title, amount; has_phone says whether an SMS reminder can reach the recipient. */
export const todoItem = z.object({
  todoType: z.enum(todoTypes),
  id: z.string().uuid(),
  org_id: z.string().uuid(),
  title: z.string(),
  /** In cents; null for an Unsigned Contract, which has no amount. */
  amount: z.number().int().nullable(),
  has_phone: z.boolean(),
});
export type TodoItem = z.infer<typeof todoItem>;

/** Home's Active Campaigns card: a preflight or active campaign, newest first; total_amount in cents. */
export const activeCampaignItem = z.object({
  type: z.literal('campaign'),
  id: z.string().uuid(),
  title: z.string(),
  payments_count: z.number().int(),
  opened_at: z.string(),
  total_amount: z.number().int(),
});
export type ActiveCampaignItem = z.infer<typeof activeCampaignItem>;

/** GET /v1/dashboard: the activated organisation's home figures, in cents. */
export const dashboardAnswer = z.object({
  balance: z.number().int(),
  /** Receivable tile: the total of open invoices. */
  receivable: z.number().int(),
  draft_payments: z.number().int(),
  total_creators: z.number().int(),
  todos: z.array(todoItem),
  /** At most DASHBOARD_LIST_SIZE preflight or active campaigns, newest first. */
  active_campaigns: z.array(activeCampaignItem),
  /** Any campaign at all (archived included): completes the checklist's Start a Campaign step. */
  has_campaign: z.boolean(),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
