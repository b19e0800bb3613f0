// The product-analytics vocabulary, apart from its schema (analytics.ts) so the browser's
// analytics client loads no zod.

/**
 * What the product counts (the spec's "page views and events"): a page was shown, and the main
 * acts of the product's journeys. Names only: an event carries no amount, id or text.
 */
export const ANALYTICS_EVENT_NAMES = [
  'pageview',
  'signed_up',
  'signed_in',
  'creator_added',
  'payments_created',
  'payments_executed',
  'campaign_created',
  'invoice_created',
  'contract_sent',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Events one batch may carry, and the longest page pattern. */
export const ANALYTICS_LIMITS = { events: 20, page: 200 } as const;

/**
 * A page as a route pattern (/creators/:id): letters, digits, slashes and `:` placeholders, so
 * an email address or a query string cannot be sent as a page (the server also turns a segment
 * that looks like an id or a link token into :id).
 */
export const ANALYTICS_PAGE_PATTERN = /^\/[A-Za-z0-9_:/-]*$/;
