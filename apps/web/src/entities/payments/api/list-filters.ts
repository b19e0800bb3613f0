/**
 * The payments list's filters beside its tab, as the URL keeps them (?created_from=2026-01-01&amount_min=5000):
 * days are UTC days (YYYY-MM-DD), amounts are cents. A value the server would refuse is left out.
 */
export type PaymentListFilters = {
  created_from?: string | undefined;
  created_to?: string | undefined;
  amount_min?: number | undefined;
  amount_max?: number | undefined;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CENTS = /^\d{1,11}$/;

const dayOf = (value: string | null) => (value && DAY.test(value) ? value : undefined);
const centsOf = (value: string | null) => (value && CENTS.test(value) ? Number(value) : undefined);

export function paymentListFiltersOf(search: URLSearchParams): PaymentListFilters {
  const filters: PaymentListFilters = {
    created_from: dayOf(search.get('created_from')),
    created_to: dayOf(search.get('created_to')),
    amount_min: centsOf(search.get('amount_min')),
    amount_max: centsOf(search.get('amount_max')),
  };
  // Only the filters set: the list's query key (and the route's prefetch) stay those of no filter.
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** The filters as URL parameters (unset ones left out). */
export function paymentListFiltersParams(filters: PaymentListFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}
