import { useQuery } from '@tanstack/react-query';
import type { CampaignReport } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';

/** GET /v1/reports/campaigns: the campaigns by margin, highest first. */
export function useCampaignReport() {
  return useQuery({
    queryKey: ['reports', 'campaigns'],
    queryFn: () => api.get<CampaignReport>('/v1/reports/campaigns'),
    meta: { errorMessage: 'There was an issue retrieving your report' },
  });
}

/** campaigns_report.csv, downloaded with the session (the server escapes formula-like cells). */
export const downloadCampaignReport = () => downloadWithSession('/v1/reports/campaigns/export', 'campaigns_report.csv');
