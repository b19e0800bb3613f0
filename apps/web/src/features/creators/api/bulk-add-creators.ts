import { useMutation } from '@tanstack/react-query';
import { creatorMessages, type BulkAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { creatorKeys } from '../../../entities/creators/index.ts';

const bulkAddCreators = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<BulkAnswer>('/v1/creators/bulk', form);
};

/** POST /v1/creators/bulk with the CSV file; the answer lists the rows left out. */
export function useBulkAddCreators() {
  return useMutation({
    mutationFn: bulkAddCreators,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: creatorKeys.all });
      return answer;
    },
    meta: { errorMessage: 'There was an issue bulk creating these creators', successMessage: creatorMessages.added },
  });
}
