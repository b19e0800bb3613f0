// Build-time only (build/prerender-pages.ts loads it in Node): renders a signed-out page of the
// app to HTML with its MUI styles, so the browser paints it from the HTML instead of after the
// JavaScript has downloaded and run; main.tsx then hydrates that markup. Never part of the bundle.
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import type { RouteHandle } from './route-handle.ts';
import { preloadPagesAt } from './preloadable-page.ts';
import { routes } from './router.tsx';

export type PrerenderedPage = { html: string; styleTags: string; title: string };

/**
 * The markup React renders for `pathname` on a signed-out visitor's first load, and its styles.
 * @public Loaded by name by build/prerender-pages.ts (ssrLoadModule), which no import shows.
 */
export async function prerenderPage(pathname: string): Promise<PrerenderedPage> {
  // The page chunks must be in before rendering, as in the browser (prepareFirstScreen): a lazy
  // page still loading would render its spinner instead.
  await preloadPagesAt(routes, () => false, { pathname });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`prerender ${pathname}: the routes answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The browser's default emotion cache uses the key 'css' and adopts <style data-emotion="css ...">
  // tags on start, so the hydrating client does not insert the same rules again.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <Providers>
        {/* No inline hydration data script: the CSP refuses inline scripts and the routes have no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </CacheProvider>,
  );
  const handle = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  return {
    html,
    styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)),
    title: handle ? `${handle.title} · Crewpay` : 'Crewpay',
  };
}
