import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import type { UserRecord } from '@crewpay/core';
import { creatorsQuery } from '../entities/creators/index.ts';
import { invoicesQuery } from '../entities/invoices/index.ts';
import { paymentsQuery } from '../entities/payments/index.ts';
import { dashboardQuery } from '../features/home/api/get-dashboard.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearToken, setToken } from '../lib/session/token.ts';
import { prefetchPageData } from './route-data.ts';
import { routes } from './router.tsx';

const staff = { id: 'owner-1', is_external: false, org_id: 'org-1', role: 'owner' } as unknown as UserRecord;
const creator = { id: 'creator-1', is_external: true, org_id: 'org-1', role: 'creator' } as unknown as UserRecord;

/** Each address, the calls it starts for staff, and the cache entry each page reads (its own arguments). */
const pages: [string, string, QueryKey][] = [
  ['/', '/v1/dashboard', dashboardQuery().queryKey],
  ['/creators', '/v1/creators?page=0&page_size=50', creatorsQuery({ page: 0, cursor: undefined, search: '' }).queryKey],
  [
    '/payments?tab=draft_payments',
    '/v1/payments?tab=draft_payments&page=0&page_size=50',
    paymentsQuery({ tab: 'draft_payments', page: 0, starting_after: undefined, recipient: undefined, payment_group_id: undefined })
      .queryKey,
  ],
  ['/invoices?tab=paid', '/v1/invoices?tab=paid&page=0&page_size=50', invoicesQuery({ tab: 'paid' }, 0, undefined).queryKey],
];

describe("a page's data, started beside its code", () => {
  const asked: string[] = [];
  let user: UserRecord = staff;
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        return Promise.resolve(new Response(JSON.stringify(url === '/v1/user' ? user : { data: [] }), { status: 200 }));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
    queryClient.clear();
    asked.length = 0;
    user = staff;
  });

  it.each(pages)('%s: staff get %s in the entry the page reads', async (address, call, pageKey) => {
    setToken('session-token');
    const url = new URL(address, 'http://localhost');
    prefetchPageData(routes, { pathname: url.pathname, search: url.search });
    await vi.waitFor(() => expect(queryClient.getQueryData(pageKey)).toEqual({ data: [] }));
    expect(asked).toEqual(['/v1/user', call]);
  });

  it('asks nothing but who the person is for a creator (the guards send them to their portal)', async () => {
    setToken('session-token');
    user = creator;
    prefetchPageData(routes, { pathname: '/payments', search: '' });
    await vi.waitFor(() => expect(asked).toEqual(['/v1/user']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual(['/v1/user']);
  });

  it('asks nothing signed out, nor for a page that names no data', async () => {
    prefetchPageData(routes, { pathname: '/payments', search: '' });
    setToken('session-token');
    prefetchPageData(routes, { pathname: '/wallets', search: '' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  });
});
