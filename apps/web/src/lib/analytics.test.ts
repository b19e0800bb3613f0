import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushAnalytics, pagePattern, resetAnalytics, trackEvent, trackPageView } from './analytics.ts';
import { queryClient } from './query-client.ts';
import { serverMetaQuery } from './server-meta.ts';

/** jsdom's Blob has no text(): FileReader reads it. */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
let beacons: Promise<unknown>[];
const setServer = (analytics: boolean) =>
  queryClient.setQueryData(serverMetaQuery.queryKey, {
    sandbox: true,
    payment_method_wizard: false,
    stripe_publishable_key: null,
    analytics,
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  resetAnalytics();
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, body: Blob) => {
      expect(url).toBe('/v1/analytics_events');
      beacons.push(blobText(body).then((text) => JSON.parse(text) as unknown));
      return true;
    }),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('product analytics', () => {
  it('sends nothing when the server does not record analytics', () => {
    setServer(false);
    trackPageView('/payments');
    trackEvent('payments_executed');
    vi.advanceTimersByTime(60_000);
    flushAnalytics();
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
  });

  it('sends page views and events in one batch a few seconds later, each event on the page last viewed', async () => {
    setServer(true);
    trackPageView('/payments');
    trackEvent('payments_executed');
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(await Promise.all(beacons)).toEqual([
      {
        events: [
          { name: 'pageview', page: '/payments' },
          { name: 'payments_executed', page: '/payments' },
        ],
      },
    ]);
  });

  it('sends what is queued when the page is hidden', async () => {
    setServer(true);
    trackPageView('/creators');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await Promise.all(beacons)).toEqual([{ events: [{ name: 'pageview', page: '/creators' }] }]);
  });

  it('sends pages as route patterns, without ids, tokens, query strings or addresses', () => {
    const id = '0192f0e0-0000-7000-8000-000000000001';
    expect(pagePattern(`/creators/${id}`, { id })).toBe('/creators/:id');
    expect(pagePattern('/resetPassword/Xk2p9QmZt7LbV3nR8sWd1', { linkId: 'Xk2p9QmZt7LbV3nR8sWd1' })).toBe('/resetPassword/:linkId');
    expect(pagePattern('/payments/42')).toBe('/payments/:id');
    expect(pagePattern('/creators/jane.doe@example.com')).toBe('/');
    expect(pagePattern('/agentsManagers')).toBe('/agentsManagers');
  });
});
