import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PortalPaymentPage } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

type PageOptions = { page: number; pageSize: number; cursor?: string | undefined };

/** GET /v1/portal/payments: one server page of the payments made to the signed-in creator; after page 0 by cursor. */
export function usePortalPayments(options: PageOptions) {
  return useQuery({
    queryKey: ['portal', 'payments', options.page, options.pageSize, options.cursor],
    queryFn: () =>
      api.get<PortalPaymentPage>('/v1/portal/payments', {
        query: { page: options.page, page_size: options.pageSize, starting_after: options.cursor },
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue retrieving your payments' },
  });
}
