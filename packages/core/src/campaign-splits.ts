import { z } from 'zod';
import { splitSchema } from './creators.ts';

// A creator's split for one campaign (the creator profile's Splits tab, the spec's "campaign split
// editor"): the agent and manager percents that campaign's payments pay, instead of the default.

export const campaignSplitMessages = {
  noCampaign: 'Choose a campaign',
  duplicate: 'This creator already has a split for this campaign',
  notFound: 'Campaign split not found',
  saved: 'Campaign split saved!',
  removed: 'Campaign split removed!',
  loadFailed: "There was an issue getting this Creator's campaign splits",
} as const;

export const createCampaignSplitBody = z.object({
  payment_group_id: z.uuid({ error: campaignSplitMessages.noCampaign }),
  agent_split: splitSchema,
  manager_split: splitSchema,
});
export type CreateCampaignSplitBody = z.infer<typeof createCampaignSplitBody>;

/** The changed percents; the campaign of a split does not change (remove it and add another). */
export const updateCampaignSplitBody = z.object({
  agent_split: splitSchema.optional(),
  manager_split: splitSchema.optional(),
});
export type UpdateCampaignSplitBody = z.infer<typeof updateCampaignSplitBody>;

export const campaignSplitRecord = z.object({
  id: z.string(),
  creator_id: z.string(),
  payment_group_id: z.string(),
  campaign_title: z.string(),
  agent_split: z.number(),
  manager_split: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CampaignSplitRecord = z.infer<typeof campaignSplitRecord>;

export const campaignSplitList = z.object({ data: z.array(campaignSplitRecord) });
export type CampaignSplitList = z.infer<typeof campaignSplitList>;

export const campaignSplitDeleted = z.object({ message: z.string(), id: z.string() });
