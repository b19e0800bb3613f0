import { useMutation, useQuery } from '@tanstack/react-query';
import { contractMessages, type ContractTemplateRecord, type SignatureField } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { contractKeys, fetchPdf } from '../../../entities/contracts/index.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** The pending template's poll while Dropbox Sign's template_created callback has not come. */
const PENDING_POLL_MS = 2000;

/** POST /v1/contract_templates/embedded: the PDF and title; answers edit_url (our block editor or Dropbox Sign's). */
export function useStartTemplate() {
  return useMutation({
    mutationFn: (body: { title: string; file: File }) => {
      const form = new FormData();
      form.append('title', body.title);
      form.append('file', body.file);
      return api.post<{ edit_url: string; template_id: string }>('/v1/contract_templates/embedded', form);
    },
    meta: { errorMessage: contractMessages.templateLinkFailed },
  });
}

export function useTemplateDraft(templateId: string) {
  return useQuery({
    queryKey: ['contracts', 'template', templateId],
    queryFn: async () => {
      const template = await api.get<ContractTemplateRecord>(`/v1/contract_templates/${templateId}`);
      return { template, bytes: await fetchPdf(`/v1/contract_templates/${templateId}/file`) };
    },
    meta: { errorMessage: contractMessages.templatesFailed },
  });
}

/** The editor's createTemplate: template_id and title (and the blocks placed). */
export function useSaveTemplate() {
  return useMutation({
    mutationFn: (body: { template_id: string; title: string; formFields: SignatureField[] }) =>
      api.post<ContractTemplateRecord>('/v1/contract_templates', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
    meta: { errorMessage: contractMessages.templateFailed, successMessage: contractMessages.templateCreated },
  });
}

/**
 * A template saved in Dropbox Sign's editor stays a draft until Dropbox Sign's callback marks it
 * ready on the server; it is read again until then, and the templates list then refreshes.
 */
export function usePendingTemplate(templateId: string) {
  return useQuery({
    // Outside contractKeys.all, so the list's refresh below does not read this one again in a loop.
    queryKey: ['pending-template', templateId],
    queryFn: async () => {
      const template = await api.get<ContractTemplateRecord>(`/v1/contract_templates/${templateId}`);
      if (template.state === 'ready') await queryClient.invalidateQueries({ queryKey: contractKeys.all });
      return template;
    },
    refetchInterval: (query) => (query.state.data?.state === 'ready' ? false : PENDING_POLL_MS),
    meta: { errorMessage: contractMessages.templatesFailed },
  });
}
