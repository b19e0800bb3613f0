import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditLogPage } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';

export type AuditLogFilter = { action: AuditAction | ''; user_id: string; from: string; to: string };

const filterParams = (filter: AuditLogFilter) =>
  new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== ''));

/** GET /v1/audit_log: a page of the filtered entries, newest first (by cursor after the first). */
export function useAuditLog(filter: AuditLogFilter, options: { pageSize: number; startingAfter: string | undefined }) {
  const params = filterParams(filter);
  params.set('page_size', String(options.pageSize));
  if (options.startingAfter) params.set('starting_after', options.startingAfter);
  return useQuery({
    queryKey: ['audit_log', params.toString()],
    queryFn: () => api.get<AuditLogPage>(`/v1/audit_log?${params.toString()}`),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue getting the audit log' },
  });
}

/** audit_log.csv of the filtered entries, downloaded with the session (the server escapes formula-like cells). */
export const downloadAuditLog = (filter: AuditLogFilter) =>
  downloadWithSession(`/v1/audit_log/export?${filterParams(filter).toString()}`, 'audit_log.csv');
