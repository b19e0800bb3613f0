import { listFiltersOf, listFiltersParams, type ListFilters } from '../../../lib/list-filters.ts';

/** The payments list's filters beside its tab (days created, amounts, a search by recipient, memo or reference). */
export type PaymentListFilters = ListFilters;

const paymentFilterKeys = ['created_from', 'created_to', 'amount_min', 'amount_max', 'search'] as const;

export const paymentListFiltersOf = (search: URLSearchParams): PaymentListFilters => listFiltersOf(search, paymentFilterKeys);

export const paymentListFiltersParams: (filters: PaymentListFilters) => Record<string, string> = listFiltersParams;
