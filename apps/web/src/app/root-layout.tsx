import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteHandle } from './route-handle.ts';
import { SandboxBanner } from './shell/sandbox-banner.tsx';

/** Every route: keeps the tab title in step with the page, and says when the server is a sandbox. */
export function RootLayout() {
  const handle = useRouteHandle();
  useEffect(() => {
    document.title = handle ? `${handle.title} · Crewpay` : 'Crewpay';
  }, [handle]);
  return (
    <>
      <Outlet />
      <SandboxBanner />
      <ScrollRestoration />
    </>
  );
}
