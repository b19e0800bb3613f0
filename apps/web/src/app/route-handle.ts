import { useMatches } from 'react-router';

/**
 * What a route tells the header (its breadcrumb trail and page title) and, for the pages people
 * open most, the first data the page asks for, started beside its code (route-data.ts).
 */
export type RouteHandle = { title: string; crumbs: string[]; data?: (search: URLSearchParams) => void };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
