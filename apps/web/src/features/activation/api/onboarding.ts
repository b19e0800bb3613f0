import { useMutation, useQuery } from '@tanstack/react-query';
import type { BeneficialOwnersAnswer, BeneficialOwnersBody, OnboardingAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const onboardingKey = ['onboarding'] as const;

/** How often the page asks while Stripe takes what was just sent (its answer comes within seconds). */
const POLL_MS = 1_500;

/** GET /v1/org/onboarding: what Stripe still needs before the wallet can be used (asked again while `poll`). */
export function useOnboarding(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: onboardingKey,
    refetchInterval: options.poll ? POLL_MS : false,
    queryFn: () => api.get<OnboardingAnswer>('/v1/org/onboarding'),
    meta: { errorMessage: 'There was an issue retrieving your verification' },
  });
}

/** POST /v1/org/onboarding_link: Stripe's page for what only Stripe collects; the browser goes there. */
export function useOnboardingLink() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/v1/org/onboarding_link', {}),
    onSuccess: ({ url }) => window.location.assign(url),
    meta: { errorMessage: 'There was an issue opening Stripe' },
  });
}

const ownersKey = ['beneficial-owners'] as const;

/** GET /v1/org/beneficial_owners: the owners listed so far (the owner only). */
export function useBeneficialOwners(options: { enabled: boolean }) {
  return useQuery({
    queryKey: ownersKey,
    enabled: options.enabled,
    queryFn: () => api.get<BeneficialOwnersAnswer>('/v1/org/beneficial_owners'),
    meta: { errorMessage: 'There was an issue retrieving your owners' },
  });
}

/** PUT /v1/org/beneficial_owners: the owners and the attestation go to Stripe; the answer is what Stripe still needs. */
export function useSaveBeneficialOwners() {
  return useMutation({
    mutationFn: (body: BeneficialOwnersBody) => api.put<OnboardingAnswer>('/v1/org/beneficial_owners', body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(onboardingKey, answer);
      await queryClient.invalidateQueries({ queryKey: ownersKey });
    },
    meta: { errorMessage: 'There was an issue sending your owners to Stripe' },
  });
}
