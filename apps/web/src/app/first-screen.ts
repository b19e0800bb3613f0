import type { ReactElement } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { currentUserQuery } from '../lib/session/current-user.ts';
import { getToken } from '../lib/session/token.ts';
import { GuestOnly } from './guards/guest-only.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { preloadFirstPages } from './preloadable-page.ts';
import { routes } from './router.tsx';

/**
 * Before the first render: the signed-in person's record and the chunks of the page at this
 * address, all at once, instead of one after the other as the guards and lazy pages render.
 * Nothing beyond a guard that will send this visitor elsewhere is fetched.
 */
export function prepareFirstScreen(): Promise<void> {
  const isSignedIn = getToken() !== null;
  if (isSignedIn) void queryClient.prefetchQuery(currentUserQuery);
  const redirects = (element: ReactElement) => (element.type === RequireAuth ? !isSignedIn : element.type === GuestOnly && isSignedIn);
  return preloadFirstPages(routes, redirects);
}
