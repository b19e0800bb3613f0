import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { pagePattern, trackPageView } from '../lib/analytics.ts';
import { useServerMeta } from '../lib/server-meta.ts';

/**
 * Records a page view per page shown, as its route pattern (/creators/:id), when the server
 * records analytics. A change of query string or tab on the same page is not a new view.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const params = matches.at(-1)?.params ?? {};
  const isOn = useServerMeta().data?.analytics === true;
  const page = pagePattern(pathname, params);
  useEffect(() => {
    if (isOn) trackPageView(page);
    // The pathname too, not only the pattern: /creators/a then /creators/b are two views.
  }, [isOn, pathname, page]);
}
