import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { usePageViews } from './page-views.ts';
import { useRouteHandle } from './route-handle.ts';
import { SandboxBanner } from './shell/sandbox-banner.tsx';

/**
 * Every route: the skip link first, the tab title in step with the page, a strip saying when the
 * server is a sandbox, and a page view when the server records analytics.
 */
export function RootLayout() {
  const handle = useRouteHandle();
  usePageViews();
  useEffect(() => {
    document.title = handle ? `${handle.title} · Crewpay` : 'Crewpay';
  }, [handle]);
  return (
    <>
      <SkipLink />
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      <SandboxBanner />
      <ScrollRestoration />
    </>
  );
}
