import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CreateCustomerBody, CustomerListItem, CustomerPage, UpdateCustomerInput } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { listFiltersParams, type ListFilters } from '../../../lib/list-filters.ts';

/**
 * Customers are used by their own pages and by the campaign wizard's customer picker and inline
 * Add Customer dialog, so their calls live here rather than in one feature.
 */
const customerKeys = {
  all: ['customers'] as const,
  list: (page: number, search: string, cursor?: string, days?: CustomerDays) =>
    ['customers', 'list', page, search, cursor, days ?? {}] as const,
  one: (id: string) => ['customers', 'one', id] as const,
};

/** The days created of /customers' filter bar (its search is the list's `search`). */
type CustomerDays = Pick<ListFilters, 'created_from' | 'created_to'>;
type CustomersOptions = { page: number; search: string; pageSize?: number; cursor?: string | undefined; days?: CustomerDays };

/** A page of customers; `cursor` (the page before's next_cursor) makes it a keyset read. */
function customersQuery(options: CustomersOptions) {
  return queryOptions({
    queryKey: [...customerKeys.list(options.page, options.search, options.cursor, options.days), options.pageSize ?? 50],
    queryFn: () =>
      api.get<CustomerPage>('/v1/customers', {
        query: {
          page: options.page,
          page_size: options.pageSize ?? 50,
          search: options.search || undefined,
          starting_after: options.cursor,
          ...options.days,
        },
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving customers' },
  });
}

export function useCustomers(options: CustomersOptions) {
  return useQuery(customersQuery(options));
}

/** customers_report.csv of every customer the list's filters match (the server streams them all). */
export async function downloadCustomersReport(filters: ListFilters): Promise<void> {
  const params = new URLSearchParams(listFiltersParams(filters));
  await downloadWithSession(`/v1/customers/export?${params.toString()}`, 'customers_report.csv');
}

function customerQuery(id: string) {
  return queryOptions({
    queryKey: customerKeys.one(id),
    queryFn: () => api.get<CustomerListItem>(`/v1/customers/${id}`),
    meta: { errorMessage: 'There was an issue retrieving customers' },
  });
}

/** One customer; an empty id (New Invoice without ?customerId) asks nothing rather than GET /v1/customers/. */
export function useCustomer(id: string) {
  return useQuery({ ...customerQuery(id), enabled: id !== '' });
}

export function useCreateCustomer() {
  return useMutation({
    mutationFn: (body: CreateCustomerBody) => api.post<CustomerListItem>('/v1/customers', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
    meta: { errorMessage: 'There was an issue adding customers', successMessage: 'Customer has been added!' },
  });
}

export function useUpdateCustomer(id: string) {
  return useMutation({
    mutationFn: (body: UpdateCustomerInput) => api.put<CustomerListItem>(`/v1/customers/${id}`, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.one(id), customer);
      return queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
    meta: { errorMessage: 'There was an issue updating customers', successMessage: 'Customer has been updated!' },
  });
}
