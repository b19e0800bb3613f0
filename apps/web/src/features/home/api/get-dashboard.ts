import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CashflowAnswer, CashflowInterval, DashboardAnswer, TodoPage, TodoType } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const dashboardKey = ['dashboard'] as const;

/**
 * GET /v1/dashboard: balance, draft payments, creators count and to-do items, fresh on every
 * visit. An answer of the last few seconds is this visit's: the route starts the call beside
 * the page's code (app/route-data.ts), and the page must not ask again when it mounts.
 */
export function dashboardQuery() {
  return queryOptions({
    queryKey: dashboardKey,
    queryFn: () => api.get<DashboardAnswer>('/v1/dashboard'),
    staleTime: 5_000,
    meta: { errorMessage: 'There was an issue retrieving your dashboard' },
  });
}

export function useDashboard() {
  return useQuery(dashboardQuery());
}

/** GET /v1/dashboard/todos: one kind of to-do, a page at a time (See all). */
export function useTodoPage(todoType: TodoType, options: { pageSize: number; startingAfter: string | undefined; isEnabled: boolean }) {
  const params = new URLSearchParams({ todoType, page_size: String(options.pageSize) });
  if (options.startingAfter) params.set('starting_after', options.startingAfter);
  return useQuery({
    queryKey: [...dashboardKey, 'todos', params.toString()],
    queryFn: () => api.get<TodoPage>(`/v1/dashboard/todos?${params.toString()}`),
    enabled: options.isEnabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your to-do list' },
  });
}

/** GET /v1/dashboard/cashflow: money in and out per week or month over the last 12 months. */
export function useCashflow(interval: CashflowInterval) {
  return useQuery({
    queryKey: [...dashboardKey, 'cashflow', interval],
    queryFn: () => api.get<CashflowAnswer>(`/v1/dashboard/cashflow?interval=${interval}`),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your money in and out' },
  });
}
