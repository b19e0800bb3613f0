import { useMutation } from '@tanstack/react-query';
import type { PaymentUploadAnswer, PaymentUploadPreview } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** POST /v1/payments/upload/preview: the file's totals and each row's errors; nothing is written. */
export function usePreviewPaymentUpload() {
  return useMutation({
    mutationFn: (file: File) => api.post<PaymentUploadPreview>('/v1/payments/upload/preview', fileForm(file)),
    meta: { errorMessage: 'There was an issue reading this file' },
  });
}

/** POST /v1/payments/upload: the previewed file's drafts, once per key (a double click creates them once). */
export function useUploadPayments() {
  return useMutation({
    mutationFn: ({ file, idempotencyKey }: { file: File; idempotencyKey: string }) =>
      api.post<PaymentUploadAnswer>('/v1/payments/upload', fileForm(file), { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      // The drafts are in the lists, and dated rows in Home's upcoming payments.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['payments'] }),
        queryClient.invalidateQueries({ queryKey: ['payment-schedules'] }),
      ]);
    },
    meta: { errorMessage: 'There was an issue creating these payments' },
  });
}
