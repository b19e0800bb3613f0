import { useMutation, useQuery } from '@tanstack/react-query';
import type { PortalTaxDocument } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';

/** GET /v1/portal/tax_documents: the forms organisations issued to the signed-in creator. */
export function usePortalTaxDocuments() {
  return useQuery({
    queryKey: ['portal', 'tax-documents'],
    queryFn: () => api.get<PortalTaxDocument[]>('/v1/portal/tax_documents'),
    meta: { errorMessage: 'There was an issue retrieving your tax documents' },
  });
}

/** GET /v1/portal/tax_documents/{creator_id}/{year}/pdf, saved as 2025-Form-1099-NEC.pdf. */
export function useDownloadTaxDocument() {
  return useMutation({
    mutationFn: (document: PortalTaxDocument) =>
      downloadWithSession(
        `/v1/portal/tax_documents/${document.creator_id}/${document.year}/pdf`,
        `${document.year}-Form-${document.form}.pdf`,
      ),
    meta: { errorMessage: 'There was an issue downloading your tax document' },
  });
}
