import { z } from 'zod';
import { startingAfter } from './paging.ts';

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
  /** Receivable tile: the total of open invoices billed in USD (amounts in other currencies are never added to cents). */
  receivable: z.number().int(),
  /** How many open invoices are billed in another currency (left out of receivable; the tile says so). */
  receivable_other_currencies: z.number().int().default(0),
  draft_payments: z.number().int(),
  total_creators: z.number().int(),
  /** The first DASHBOARD_LIST_SIZE to-dos (contracts, then invoices, then payments); See all pages each kind. */
  todos: z.array(todoItem),
  /** How many to-dos of each kind there are, in Home's order. */
  todo_counts: z.array(z.object({ todoType: z.enum(todoTypes), count: z.number().int() })),
  /** At most DASHBOARD_LIST_SIZE preflight or active campaigns, newest first. */
  active_campaigns: z.array(activeCampaignItem),
  /** Any campaign at all (archived included): completes the checklist's Start a Campaign step. */
  has_campaign: z.boolean(),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/** GET /v1/dashboard/todos: one kind of to-do, newest first, by keyset (Home's See all). */
export const todoListQuery = z.object({
  todoType: z.enum(todoTypes, { error: 'Choose a kind of to-do' }),
  starting_after: startingAfter,
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});
export type TodoListQuery = z.infer<typeof todoListQuery>;

export const todoPage = z.object({ todos: z.array(todoItem), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type TodoPage = z.infer<typeof todoPage>;
