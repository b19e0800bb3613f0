import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { WEB_DIST_DIR } from '../paths.ts';

const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/sandbox/'];

/**
 * Pages the web build prerenders for a signed-out visitor (apps/web/build/prerender-pages.ts):
 * GET /signin answers signin.html, the sign-in page already in the HTML, when the build has it.
 */
const PRERENDERED_PAGES = ['/signin'];
const prerenderedFile = (pathname: string) => `${pathname.slice(1).replaceAll('/', '-')}.html`;

/** Serves the built browser app; unknown API paths answer JSON 404, every other path the app. */
export async function registerWebApp(app: FastifyInstance, options: { root?: string } = {}): Promise<void> {
  const root = options.root ?? WEB_DIST_DIR;
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    // One route per file of the build: a catch-all would also catch "/" (a folder: 403) and unknown
    // /v1 paths (which must reach the JSON 404 below, not the session check).
    // The build writes .br and .gz beside each file; preCompressed sends the one the browser accepts.
    // Hashed bundles never change under their name: cached for a year. Other files (favicon) an hour.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        // The answer depends on Accept-Encoding (brotli, gzip or plain): a shared cache must key on it.
        response.setHeader('vary', 'Accept-Encoding');
        const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        // An HTML page names the hashed bundles of the current build: never cached without asking.
        if (/\.html(\.br|\.gz)?$/.test(filePath)) response.setHeader('cache-control', 'no-cache');
        else response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
    for (const pathname of PRERENDERED_PAGES) {
      const file = prerenderedFile(pathname);
      if (!fs.existsSync(path.join(root, file))) continue;
      app.get(pathname, { schema: { hide: true } }, (_request, reply) => reply.sendFile(file));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || request.url === '/v1' || request.url === '/api';
    if (isApi || request.method !== 'GET') {
      return reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' });
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The browser app is not built yet: run `npm run build`.');
    }
    // index.html must never be cached: it names the hashed bundles of the current build.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
