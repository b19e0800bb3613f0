import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ApprovalQueue, ApprovalRules, ApprovalRulesBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { failureMessage, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';

type DecisionAnswer = { message: string; status: string; approvals: number; required: number };

// The queue and the payments lists change together: a decision sends or cancels a payment.
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['approvals'] }),
    queryClient.invalidateQueries({ queryKey: ['payments'] }),
    queryClient.invalidateQueries({ queryKey: ['wallets'] }),
  ]);

/** GET /v1/approvals: a page of the payments awaiting approval, oldest first (owners and admins); the first page answers the total. */
export const useApprovalQueue = (options: { enabled?: boolean; pageSize: number; startingAfter?: string | undefined }) => {
  const params = new URLSearchParams({ page_size: String(options.pageSize) });
  if (options.startingAfter) params.set('starting_after', options.startingAfter);
  return useQuery({
    queryKey: ['approvals', 'queue', params.toString()],
    queryFn: () => api.get<ApprovalQueue>(`/v1/approvals?${params.toString()}`),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an issue getting the payments awaiting approval' },
  });
};

export const useApprovalRules = () =>
  useQuery({
    queryKey: ['approvals', 'rules'],
    queryFn: () => api.get<ApprovalRules>('/v1/approvals/rules'),
    meta: { errorMessage: 'There was an issue getting the approval rules' },
  });

export const useSaveApprovalRules = () =>
  useMutation({
    mutationFn: (body: ApprovalRulesBody) => api.put<ApprovalRules & { message: string }>('/v1/approvals/rules', body),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['approvals'] });
    },
    meta: { errorMessage: 'There was an issue saving the approval rules' },
  });

/** Approve or reject one payment; one Idempotency-Key per click, so a retried click decides once. */
export const useDecideApproval = () =>
  useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      api.post<DecisionAnswer>(`/v1/approvals/${id}/${decision}`, { reason }, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await refresh();
    },
    meta: { errorMessage: 'There was an issue deciding this payment' },
  });

type Decided = { id: string; decision: 'approve' | 'reject'; reason: string };

/** "3 payments approved", then what could not be decided and why (a payment decided meanwhile by someone else). */
function bulkMessage(decision: 'approve' | 'reject', done: number, failures: string[]): string {
  const word = decision === 'approve' ? 'approved' : 'rejected';
  const head = `${done} payment${done === 1 ? '' : 's'} ${word}`;
  return failures.length === 0 ? head : `${head}; ${failures.length} could not be: ${[...new Set(failures)].join('; ')}`;
}

/**
 * Approve or reject the chosen payments, one decision each (the server's rules, audit and
 * idempotency per payment, one Idempotency-Key per payment of this click), then one toast.
 */
export const useDecideApprovals = () =>
  useMutation({
    mutationFn: async ({ ids, decision, reason }: { ids: string[]; decision: Decided['decision']; reason: string }) => {
      const failures: string[] = [];
      let done = 0;
      for (const id of ids) {
        try {
          await api.post<DecisionAnswer>(
            `/v1/approvals/${id}/${decision}`,
            { reason },
            { headers: { 'Idempotency-Key': crypto.randomUUID() } },
          );
          done += 1;
        } catch (error) {
          failures.push(failureMessage(error, 'There was an issue deciding this payment'));
        }
      }
      return { decision, done, failures };
    },
    onSuccess: async ({ decision, done, failures }) => {
      (failures.length === 0 ? notifySuccess : notifyError)(bulkMessage(decision, done, failures));
      await refresh();
    },
    meta: { errorMessage: 'There was an issue deciding these payments' },
  });
