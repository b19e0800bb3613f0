import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteHandle } from './route-handle.ts';

/** Every route: keeps the tab title in step with the page. */
export function RootLayout() {
  const handle = useRouteHandle();
  useEffect(() => {
    document.title = handle ? `${handle.title} · Crewpay` : 'Crewpay';
  }, [handle]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
