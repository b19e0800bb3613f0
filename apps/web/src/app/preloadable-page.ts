import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { matchRoutes, type Location, type RouteObject } from 'react-router';

type PageModule = { default: ComponentType };

/** A lazily loaded page (or frame) that can also be fetched ahead of its first render. */
type PreloadablePage = LazyExoticComponent<ComponentType> & { preload: () => Promise<PageModule> };

/**
 * React.lazy, plus `preload()`. Once the module is in, the lazy component gets a thenable that
 * resolves at once, so React renders the page in the same pass: a page that suspends instead
 * shows its Suspense spinner first, and React 19 then holds the real page back for at least
 * 300 ms (its fallback throttle), which on the first load is most of the Largest Contentful Paint.
 */
export function preloadablePage(load: () => Promise<PageModule>): PreloadablePage {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const preload = () => {
    loading ??= load().then((module) => (loaded = module));
    return loading;
  };
  const resolvedAtOnce = (module: PageModule) => ({ then: (resolve: (value: PageModule) => void) => resolve(module) });
  // React reads a thenable's result synchronously when `then` calls back at once (lazyInitializer).
  const component = lazy(() => (loaded ? (resolvedAtOnce(loaded) as unknown as Promise<PageModule>) : preload()));
  return Object.assign(component, { preload });
}

const isPreloadable = (type: unknown): type is PreloadablePage =>
  typeof type === 'object' && type !== null && typeof (type as Partial<PreloadablePage>).preload === 'function';

/** How long the first render waits for its pages before showing the spinner as before. */
const FIRST_RENDER_WAIT_MS = 1500;

/**
 * Loads the pages (and frames) `location` renders, down to the first guard `stopAt` names (one
 * that will redirect this visitor elsewhere: what lies beyond it is not fetched).
 */
export function preloadPagesAt(
  routes: RouteObject[],
  stopAt: (element: ReactElement) => boolean,
  location: Partial<Location>,
): Promise<unknown[]> {
  const pages: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, location) ?? []) {
    const element = route.element as ReactElement | undefined;
    if (!element) continue;
    if (stopAt(element)) break;
    if (isPreloadable(element.type)) pages.push(element.type.preload());
  }
  return Promise.all(pages);
}

/**
 * Fetches the pages the current address renders before the first render, waiting at most
 * FIRST_RENDER_WAIT_MS (a signed-out visit to / does not download the dashboard: see preloadPagesAt).
 */
export async function preloadFirstPages(routes: RouteObject[], stopAt: (element: ReactElement) => boolean): Promise<void> {
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  // A page that fails to load shows its error through the router, as without the preload.
  await Promise.race([preloadPagesAt(routes, stopAt, window.location).catch(() => undefined), waited]);
}
