import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApprovalItem, ApprovalRules, ApprovalRulesBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';

type DecisionAnswer = { message: string; status: string; approvals: number; required: number };

// The queue and the payments lists change together: a decision sends or cancels a payment.
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['approvals'] }),
    queryClient.invalidateQueries({ queryKey: ['payments'] }),
    queryClient.invalidateQueries({ queryKey: ['wallets'] }),
  ]);

/** GET /v1/approvals: the payments awaiting approval (owners and admins). */
export const useApprovalQueue = (enabled = true) =>
  useQuery({
    queryKey: ['approvals', 'queue'],
    queryFn: async () => (await api.get<{ data: ApprovalItem[] }>('/v1/approvals')).data,
    enabled,
    meta: { errorMessage: 'There was an issue getting the payments awaiting approval' },
  });

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
