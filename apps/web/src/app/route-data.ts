import { matchRoutes, type Location, type RouteObject } from 'react-router';
import { paymentTabOf, invoiceTabs, type InvoiceTab } from '@crewpay/core';
import { creatorsQuery } from '../entities/creators/index.ts';
import { invoicesQuery } from '../entities/invoices/index.ts';
import { paymentListFiltersOf, paymentsQuery } from '../entities/payments/index.ts';
import { dashboardQuery } from '../features/home/api/get-dashboard.ts';
import { queryClient } from '../lib/query-client.ts';
import { hasOrg } from '../lib/session/current-org.ts';
import { currentUserQuery } from '../lib/session/current-user.ts';
import { getToken } from '../lib/session/token.ts';
import type { RouteHandle } from './route-handle.ts';

/** Starts the first query a page makes, with the exact options (and so the cache entry) the page uses. */
export type PageData = (search: URLSearchParams) => void;

/** The first queries of the pages people open most; router.tsx names them in each route's handle. */
export const pageData = {
  // Home's figures are fetched on every visit: this call is the visit's (the page accepts an answer of the last seconds).
  home: () => void queryClient.prefetchQuery({ ...dashboardQuery(), staleTime: 0 }),
  creators: () => void queryClient.prefetchQuery(creatorsQuery({ page: 0, search: '' })),
  payments: (search) =>
    void queryClient.prefetchQuery(paymentsQuery({ tab: paymentTabOf(search.get('tab')).value, page: 0, ...paymentListFiltersOf(search) })),
  invoices: (search) => {
    const tab = invoiceTabs.find((value) => value === search.get('tab')) ?? ('open' satisfies InvoiceTab);
    void queryClient.prefetchQuery(invoicesQuery({ tab }, 0));
  },
} satisfies Record<string, PageData>;

/**
 * Starts the data of the page at `location` beside its code. Left to the page, the call waited
 * for its chunks to arrive, run and render (on a list, most of a second after the answer could
 * have been there). Only for the staff of an organisation, whom these pages are for: anyone else
 * is sent elsewhere by the guards, and must not meet a failed call's toast.
 */
export function prefetchPageData(routes: RouteObject[], location: Partial<Location>): void {
  const matches = matchRoutes(routes, location) ?? [];
  const prefetch = matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.data).findLast((data) => data !== undefined);
  if (!prefetch || getToken() === null) return;
  const search = new URLSearchParams(location.search);
  queryClient
    .ensureQueryData(currentUserQuery)
    .then((user) => {
      if (hasOrg(user)) prefetch(search);
    })
    // A failed /v1/user is answered where it is asked (the guards, its toast).
    .catch(() => undefined);
}
