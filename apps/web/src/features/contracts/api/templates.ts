import { useMutation, useQuery } from '@tanstack/react-query';
import { contractMessages, type ContractTemplateRecord, type SignatureField } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { contractKeys, fetchPdf } from '../../../entities/contracts/index.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST /v1/contract_templates/embedded: the PDF and title; answers edit_url, our block editor. */
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
