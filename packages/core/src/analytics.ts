import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_LIMITS, ANALYTICS_PAGE_PATTERN } from './analytics-events.ts';

export { ANALYTICS_EVENT_NAMES, ANALYTICS_LIMITS, ANALYTICS_PAGE_PATTERN, type AnalyticsEventName } from './analytics-events.ts';

/** One page view or event: what happened and on which page (its pattern), nothing about who. */
export const analyticsEvent = z.strictObject({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown event name' }),
  page: z
    .string()
    .max(ANALYTICS_LIMITS.page, { error: `Page must be at most ${ANALYTICS_LIMITS.page} characters` })
    .regex(ANALYTICS_PAGE_PATTERN, { error: 'Page must be a route pattern such as /creators/:id' }),
});
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;

/** POST /v1/analytics_events: the browser's batch, sent every few seconds and when the page is hidden. */
export const analyticsBatch = z.strictObject({
  events: z
    .array(analyticsEvent)
    .min(1, { error: 'Send at least one event' })
    .max(ANALYTICS_LIMITS.events, { error: `Send at most ${ANALYTICS_LIMITS.events} events at a time` }),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatch>;
