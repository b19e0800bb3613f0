import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForeignPayee } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

type Setting = { enabled: boolean; rate: number };
const settingKey = ['taxes', 'backup-withholding'] as const;

export function useBackupWithholding() {
  return useQuery({
    queryKey: settingKey,
    queryFn: () => api.get<Setting>('/v1/taxes/backup_withholding'),
    meta: { errorMessage: 'There was an issue retrieving backup withholding' },
  });
}

export function useSetBackupWithholding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<Setting>('/v1/taxes/backup_withholding', { enabled }),
    onSuccess: (setting) => queryClient.setQueryData(settingKey, setting),
    meta: { errorMessage: 'There was an issue changing backup withholding' },
  });
}

/** GET /v1/taxes/foreign_payees: W-8 payees paid in the year, for Form 1042-S. */
export function useForeignPayees(year: number) {
  return useQuery({
    queryKey: ['taxes', 'foreign-payees', year],
    queryFn: () => api.get<ForeignPayee[]>('/v1/taxes/foreign_payees', { query: { year } }),
    meta: { errorMessage: 'There was an issue retrieving foreign payees' },
  });
}
