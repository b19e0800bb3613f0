import { useMutation, useQuery } from '@tanstack/react-query';
import type { OnboardingAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

const onboardingKey = ['onboarding'] as const;

/** GET /v1/org/onboarding: what Stripe still needs before the wallet can be used. */
export function useOnboarding() {
  return useQuery({
    queryKey: onboardingKey,
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
