import type { ReactElement } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { serverMetaQuery } from '../lib/server-meta.ts';
import { currentOrgQuery, hasOrg } from '../lib/session/current-org.ts';
import { currentUserQuery } from '../lib/session/current-user.ts';
import { getToken } from '../lib/session/token.ts';
import { GuestOnly } from './guards/guest-only.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { preloadFirstPages, preloadPagesAt } from './preloadable-page.ts';
import { prefetchPageData } from './route-data.ts';
import { routes } from './router.tsx';

/** The person, then their organisation: what the guards and the frame wait for before any page shows. */
async function prefetchSession(): Promise<void> {
  const user = await queryClient.fetchQuery(currentUserQuery).catch(() => undefined);
  if (hasOrg(user)) await queryClient.prefetchQuery(currentOrgQuery);
}

/**
 * Before the first render: the chunks of the page at this address, the server's description
 * (the sandbox banner), and for a signed-in person their record, organisation and the page's data, all at once,
 * instead of one after the other as the guards, lazy pages and queries render. Nothing beyond a
 * guard that will send this visitor elsewhere is fetched. The render does not wait for the data.
 */
export function prepareFirstScreen({ hydrating = false } = {}): Promise<void> {
  const isSignedIn = getToken() !== null;
  void queryClient.prefetchQuery(serverMetaQuery);
  if (isSignedIn) {
    void prefetchSession();
    prefetchPageData(routes, window.location);
  }
  const redirects = (element: ReactElement) => (element.type === RequireAuth ? !isSignedIn : element.type === GuestOnly && isSignedIn);
  // Hydrating a prerendered page, it is already on screen: wait for all of its chunks, so the whole
  // page hydrates at once (a click held meanwhile is replayed on a live button) rather than after
  // FIRST_RENDER_WAIT_MS with the page still inert.
  const pages = hydrating
    ? preloadPagesAt(routes, redirects, window.location).then(
        () => undefined,
        () => undefined,
      )
    : preloadFirstPages(routes, redirects);
  // Signed out, the pages are light (sign-in, link pages): wait, and paint them whole at once.
  // Signed in, the frame and a page with its grid are dozens of chunks: paint the spinner and the
  // banner now, and let the page come in when its chunks and the person's record are there.
  return isSignedIn ? Promise.resolve() : pages;
}
