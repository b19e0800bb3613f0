import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * GET /v1/meta: what this server is (sandbox or not), which optional screens it shows, Stripe's
 * public key outside the sandbox, whether it records product analytics (lib/analytics.ts) and
 * whose template editor opens.
 */
export type ServerMeta = {
  sandbox: boolean;
  payment_method_wizard: boolean;
  stripe_publishable_key: string | null;
  analytics: boolean;
  /** Whose template editor New Template opens (ESIGN_PROVIDER), and Dropbox Sign's client id and test mode. */
  esign_provider: 'builtin' | 'dropbox_sign';
  dropbox_sign_client_id: string | null;
  dropbox_sign_test_mode: boolean;
};

/** The query of the server's description; main.tsx starts it before the first render. */
export const serverMetaQuery = {
  queryKey: ['meta'],
  queryFn: () => api.get<ServerMeta>('/v1/meta'),
  staleTime: Infinity,
  meta: { isSilent: true },
};

export function useServerMeta() {
  return useQuery(serverMetaQuery);
}

/**
 * GET /v1/meta/clock: the server's time. Dates a screen proposes (New Invoice's next repeat, the
 * upgrade's first charge) come from it, not the browser, so they agree with what the server
 * does when the sandbox clock has been moved on. Until it answers, the browser's day stands in.
 */
export const serverClockQuery = {
  queryKey: ['meta', 'clock'],
  queryFn: () => api.get<{ now: string; today: string }>('/v1/meta/clock'),
  meta: { isSilent: true },
};

export function useServerNow(): Date {
  const { data } = useQuery(serverClockQuery);
  return data ? new Date(data.now) : new Date();
}
