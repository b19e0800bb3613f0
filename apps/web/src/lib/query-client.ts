import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { notifyFailure, notifySuccess } from './notify.ts';
import { subscribeToToken } from './session/token.ts';

type CallMeta = {
  /** Shown when the call fails and the server gave no message ('There was an issue ...'). */
  errorMessage?: string;
  /** Shown when a mutation succeeds; a `message` in the answer takes precedence. */
  successMessage?: string;
  /** The caller shows its own feedback; the global toast stays quiet. */
  isSilent?: boolean;
};

declare module '@tanstack/react-query' {
  // Declaration merging is the library's documented way to type `meta`; it needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

function messageOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  const { message } = data as { message: unknown };
  return typeof message === 'string' && message ? message : null;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.isSilent) notifyFailure(error, query.meta?.errorMessage);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.isSilent) notifyFailure(error, mutation.meta?.errorMessage);
    },
    onSuccess: (data, _variables, _context, mutation) => {
      const message = mutation.meta?.successMessage;
      if (message) notifySuccess(messageOf(data) ?? message);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on a retry; a flaky network might.
      retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

// Another session (sign-in, sign-out, an expired token) must never see this one's data.
subscribeToToken(() => queryClient.clear());
