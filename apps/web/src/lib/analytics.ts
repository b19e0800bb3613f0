import { ANALYTICS_LIMITS, ANALYTICS_PAGE_PATTERN, type AnalyticsEventName } from '@crewpay/core/analytics-events';
import { reportPath } from '@crewpay/core/client-error-text';
import { queryClient } from './query-client.ts';
import { serverMetaQuery, type ServerMeta } from './server-meta.ts';

/**
 * Product analytics (the spec's "page views and events"): the browser tells our own server
 * (POST /v1/analytics_events) which page pattern was shown and which main act was done, only
 * when GET /v1/meta says the server records them (ANALYTICS_ENABLED). Off, nothing is queued and
 * no request leaves. Events carry a name and a page pattern, never an id, query string or text.
 */
const ENDPOINT = '/v1/analytics_events';
/** Events wait this long to go in one batch (a page view and the act that follows it). */
const FLUSH_AFTER_MS = 5_000;

type QueuedEvent = { name: AnalyticsEventName; page: string };

let queue: QueuedEvent[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let lastPage = '/';
let listensForHide = false;

function isOn(): boolean {
  return queryClient.getQueryData<ServerMeta>(serverMetaQuery.queryKey)?.analytics === true;
}

/**
 * A path as the route pattern it matched: each segment holding a route parameter becomes
 * `:name`, and whatever still looks like an id, a token or an address is scrubbed.
 */
export function pagePattern(pathname: string, params: Readonly<Record<string, string | undefined>> = {}): string {
  const names = new Map(Object.entries(params).flatMap(([name, value]) => (value && name !== '*' ? [[value, name] as const] : [])));
  const segments = pathname.split('/').map((segment) => (names.has(segment) ? `:${names.get(segment)}` : segment));
  const pattern = reportPath(segments.join('/')).replace(/[^A-Za-z0-9_:/-]/g, '');
  return ANALYTICS_PAGE_PATTERN.test(pattern) ? pattern.slice(0, ANALYTICS_LIMITS.page) : '/';
}

function post(events: QueuedEvent[]): void {
  const body = JSON.stringify({ events });
  try {
    // A beacon goes even while the page is being left, and never holds the page up.
    if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse beacons in some states; fetch below then.
  }
  fetch(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
}

/** Sends what is queued, in batches the server takes. */
export function flushAnalytics(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  while (queue.length > 0) post(queue.splice(0, ANALYTICS_LIMITS.events));
}

function listenForHide(): void {
  if (listensForHide) return;
  listensForHide = true;
  // The last page's events go out when the tab is hidden or closed, not lost with it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAnalytics();
  });
  window.addEventListener('pagehide', flushAnalytics);
}

function enqueue(event: QueuedEvent): void {
  if (!isOn()) return;
  listenForHide();
  queue.push(event);
  if (queue.length >= ANALYTICS_LIMITS.events) flushAnalytics();
  else flushTimer ??= setTimeout(flushAnalytics, FLUSH_AFTER_MS);
}

/** A page was shown; `page` is its route pattern (pagePattern). */
export function trackPageView(page: string): void {
  lastPage = page;
  enqueue({ name: 'pageview', page });
}

/** One of the product's main acts was done, on the page last viewed. */
export function trackEvent(name: Exclude<AnalyticsEventName, 'pageview'>): void {
  enqueue({ name, page: lastPage });
}

/** For the tests: a fresh page load. */
export function resetAnalytics(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  queue = [];
  lastPage = '/';
}
