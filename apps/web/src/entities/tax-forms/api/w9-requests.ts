import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backupWithholdingLabels as labels, type W9Payees } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const payeesKey = ['taxes', 'backup-withholding', 'payees'] as const;

/** GET /v1/taxes/backup_withholding/payees: who backup withholding applies to (no W-9 or W-8), counted, by name, a page at a time. */
export function useW9Payees(page = 0, isEnabled = true, payeeId?: string) {
  return useQuery({
    queryKey: [...payeesKey, page, payeeId ?? 'all'],
    queryFn: () => api.get<W9Payees>('/v1/taxes/backup_withholding/payees', { query: payeeId ? { page, payee_id: payeeId } : { page } }),
    enabled: isEnabled,
    meta: { errorMessage: 'There was an issue retrieving the payees without a W-9' },
  });
}

/** POST /v1/taxes/backup_withholding/w9_requests: emails these payees (none given: all without a W-9) for their W-9. */
export function useRequestW9() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payeeIds?: string[]) =>
      api.post<{ requested: number; reminded: number }>(
        '/v1/taxes/backup_withholding/w9_requests',
        payeeIds ? { payee_ids: payeeIds } : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payeesKey }),
    meta: { errorMessage: 'There was an issue requesting the W-9', successMessage: labels.requestSent },
  });
}

/** GET /v1/taxes/backup_withholding: whether the organisation withholds 24% from payees without a W-9. */
export function useBackupWithholdingSetting() {
  return useQuery({
    queryKey: ['taxes', 'backup-withholding'],
    queryFn: () => api.get<{ enabled: boolean; rate: number }>('/v1/taxes/backup_withholding'),
    meta: { isSilent: true },
  });
}
