import { FREE_PLAN_CREATOR_LIMIT } from './creators-labels.ts';

/**
 * A change of plan an owner scheduled for the end of the billing period: `downgrade` moves the
 * organisation to the free plan within its limits; `cancel` ends the Premium subscription (the
 * organisation keeps its wallet and data, and the free plan's limits apply to what it adds next).
 */
export const scheduledPlanChanges = ['downgrade', 'cancel'] as const;
export type ScheduledPlanChange = (typeof scheduledPlanChanges)[number];

/** The two plans side by side, in the spec's words (the price comes from the organisation's billing). */
export const planComparison = [
  { feature: 'Creators', free: `Up to ${FREE_PLAN_CREATOR_LIMIT}`, premium: 'Unlimited' },
  { feature: 'Users', free: 'Only you', premium: 'Unlimited' },
  { feature: 'Bulk add of creators', free: 'Not included', premium: 'Included' },
] as const;

/** What an organisation loses when it leaves Premium, shown before a downgrade or cancel is confirmed. */
export const premiumLosses = [
  `Creators are limited to ${FREE_PLAN_CREATOR_LIMIT}`,
  'Inviting other members is not included',
  'Bulk add of creators is not included',
] as const;

export const planChangeMessages = {
  notOnPremium: 'Your organization is on the free plan: there is no Premium plan to change.',
  overFreeLimit: (creators: number) =>
    `Your organization has ${creators} creators; the free plan allows ${FREE_PLAN_CREATOR_LIMIT}. Remove creators before downgrading, or cancel instead.`,
} as const;
