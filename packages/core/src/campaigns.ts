import { z } from 'zod';
import { NUL_MESSAGE, withoutNul } from './customers.ts';
import { text } from './text.ts';
import { messages } from './validation.ts';
import { pageNumber, pageSize, startingAfter } from './paging.ts';
import { createdRangeFields, listSearch } from './list-filters.ts';

/** Spec section 4: a campaign is preflight, active, completed or archived (a select on the details card). */
export const campaignStatuses = ['preflight', 'active', 'completed', 'archived'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignStatusLabels: Record<CampaignStatus, string> = {
  preflight: 'Preflight',
  active: 'Active',
  completed: 'Completed',
  archived: 'Archived',
};
export const openCampaignStatuses = ['preflight', 'active'] as const satisfies readonly CampaignStatus[];

/** Tabs of /campaigns detail, selected by ?tab=; an unknown tab opens the overview. */
export const campaignTabs = ['overview', 'payments', 'invoices', 'contracts', 'deliverables', 'quickbooks'] as const;
export type CampaignTab = (typeof campaignTabs)[number];
export const campaignTabOf = (value: string | null | undefined): CampaignTab => campaignTabs.find((tab) => tab === value) ?? 'overview';

export const campaignMessages = {
  endBeforeStart: 'End date cannot be before start date',
  date: 'Must be a date (YYYY-MM-DD)',
  notFound: 'Campaign not found',
  customerNotFound: 'Customer not found',
  agentNotFound: 'The agent must be an agent of your organization',
  dealSize: 'Budget must be a positive amount in dollars and cents',
  created: 'Campaign has been created!',
  updated: 'Campaign has been updated!',
  status: 'Choose preflight, active, completed or archived',
} as const;

const MAX_CENTS = 100_000_000_000;
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number) =>
  z
    .preprocess(
      blankToNull,
      text().trim().max(max, `Must be at most ${max} characters`).refine(withoutNul, NUL_MESSAGE).nullable().optional(),
    )
    .transform((value) => value ?? null);
export const campaignDateSchema = z
  .preprocess(blankToNull, z.iso.date({ error: campaignMessages.date }).nullable().optional())
  .transform((value) => value ?? null);
const dealSizeSchema = z
  .preprocess(
    blankToNull,
    z
      .number({ error: campaignMessages.dealSize })
      .int(campaignMessages.dealSize)
      .min(0, campaignMessages.dealSize)
      .max(MAX_CENTS, campaignMessages.dealSize)
      .nullable()
      .optional(),
  )
  .transform((value) => value ?? null);
const titleSchema = text(messages.required)
  .trim()
  .min(1, messages.required)
  .max(200, 'Must be at most 200 characters')
  .refine(withoutNul, NUL_MESSAGE);
const customerIdSchema = z.uuid({ error: messages.required });
const agentIdSchema = z
  .preprocess(blankToNull, z.uuid({ error: campaignMessages.agentNotFound }).nullable().optional())
  .transform((value) => value ?? null);

/** True when both dates are set and the end comes before the start (ISO dates compare as text). */
export const endsBeforeStart = (start: string | null | undefined, end: string | null | undefined) => Boolean(start && end && end < start);

const generalFields = {
  title: titleSchema,
  customer_id: customerIdSchema,
  description: optionalText(5000),
  campaign_ref_id: optionalText(200),
  terms: optionalText(5000),
  /** The campaign budget in cents. */
  deal_size: dealSizeSchema,
  campaign_start_date: campaignDateSchema,
  campaign_end_date: campaignDateSchema,
  agent_id: agentIdSchema,
};

type Dated = { campaign_start_date?: string | null | undefined; campaign_end_date?: string | null | undefined };
const checkDates = (value: Dated, ctx: z.RefinementCtx) => {
  if (endsBeforeStart(value.campaign_start_date, value.campaign_end_date))
    ctx.addIssue({ code: 'custom', path: ['campaign_end_date'], message: campaignMessages.endBeforeStart });
};

/** POST /v1/campaigns (Campaign General): name (title) and customer required; end date not before start. */
export const createCampaignBody = z.object(generalFields).superRefine(checkDates);
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;
export type CreateCampaignInput = z.input<typeof createCampaignBody>;

/**
 * PUT /v1/campaigns/{id}: the wizard's General step sends every field, the details card adds
 * campaign_status; a field left out is unchanged (the server checks the dates after merging).
 */
export const updateCampaignBody = z
  .object({
    id: z.uuid().optional(),
    title: titleSchema.optional(),
    customer_id: customerIdSchema.optional(),
    description: generalFields.description.optional(),
    campaign_ref_id: generalFields.campaign_ref_id.optional(),
    terms: generalFields.terms.optional(),
    deal_size: generalFields.deal_size.optional(),
    campaign_start_date: campaignDateSchema.optional(),
    campaign_end_date: campaignDateSchema.optional(),
    agent_id: agentIdSchema.optional(),
    campaign_status: z.enum(campaignStatuses, { error: campaignMessages.status }).optional(),
  })
  .superRefine(checkDates);
export type UpdateCampaignBody = z.infer<typeof updateCampaignBody>;
export type UpdateCampaignInput = z.input<typeof updateCampaignBody>;

/** The spec's Campaign (payment group) entity plus the names the screens show. */
export const campaignRecord = z.object({
  id: z.string(),
  org_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  customer_id: z.string(),
  customer_name: z.string(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  deal_size: z.number().int().nullable(),
  campaign_ref_id: z.string().nullable(),
  terms: z.string().nullable(),
  campaign_start_date: z.string().nullable(),
  campaign_end_date: z.string().nullable(),
  campaign_status: z.enum(campaignStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CampaignRecord = z.infer<typeof campaignRecord>;

/** A row of /campaigns: payments completed as posted/total, invoices as paid/total (0/0 until invoices exist). */
export const campaignListItem = campaignRecord.extend({
  payments_posted: z.number().int(),
  payments_total: z.number().int(),
  invoices_paid: z.number().int(),
  invoices_total: z.number().int(),
});
export type CampaignListItem = z.infer<typeof campaignListItem>;

export const listCampaignsQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(50),
  starting_after: startingAfter,
  /** true: only archived campaigns (the Archived Campaigns tab); otherwise archived ones are hidden. */
  archived: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  customer_id: z.uuid().optional(),
  /** An agent's or manager's profile: the campaigns where they are the agent, are paid, or manage a creator who is. */
  person_id: z.uuid({ error: 'User not found' }).optional(),
  status: z.enum(campaignStatuses, { error: campaignMessages.status }).optional(),
  ...createdRangeFields,
  /** The campaign's title. */
  search: listSearch,
});
export type ListCampaignsQuery = z.input<typeof listCampaignsQuery>;
/** GET /v1/campaigns/export: the list's filters without its paging (every matching row of the tab). */
export const campaignExportQuery = listCampaignsQuery.omit({ page: true, page_size: true, starting_after: true });

export const campaignPage = z.object({
  data: z.array(campaignListItem),
  /** Counted for a page number; null when the page was asked by cursor. */
  total: z.number().int().nullable(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type CampaignPage = z.infer<typeof campaignPage>;

/**
 * The overview's money, in cents. Payments: completed = posted (succeeded); incomplete = draft,
 * awaiting input or pending; canceled, failed and returned payments count in neither.
 * gross_revenue = deal_size - total_payments (spec section 9); income.current = paid invoices
 * minus completed payments; income.projected = gross_revenue.
 */
export const campaignFigures = z.object({
  payments_count: z.number().int(),
  payments_posted: z.number().int(),
  total_payments: z.number().int(),
  payments_completed: z.number().int(),
  payments_incomplete: z.number().int(),
  invoices_total: z.number().int(),
  invoices_paid: z.number().int(),
  invoices_completed: z.number().int(),
  invoices_incomplete: z.number().int(),
  gross_revenue: z.number().int(),
  income_current: z.number().int(),
  income_projected: z.number().int(),
});
export type CampaignFigures = z.infer<typeof campaignFigures>;

/** GET /v1/campaigns/{id}. */
export const campaignDetail = campaignRecord.extend({ figures: campaignFigures });
export type CampaignDetail = z.infer<typeof campaignDetail>;

/** Spec section 9: gross revenue = budget minus total payments (no budget counts as 0). */
export const grossRevenue = (dealSize: number | null, totalPayments: number) => (dealSize ?? 0) - totalPayments;

/** Spec section 9: the chart's $ axis shows k for values of 10,000 or more (dollars, not cents). */
export function chartAxisLabel(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  const size = Math.abs(dollars);
  if (size >= 10_000) return `${sign}$${Number((size / 1000).toFixed(1))}k`;
  return `${sign}$${Number(size.toFixed(2))}`;
}
