import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { WEB_DIST_DIR } from '../lib/paths.ts';


const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/sandbox/'];

/** Serves the built browser app; unknown API paths answer JSON 404, every other path the app. */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const hasBuild = fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'));
  if (hasBuild) {
    // One route per file of the build: a catch-all would also catch "/" (a folder: 403) and unknown
    // /v1 paths (which must reach the JSON 404 below, not the session check).
    await app.register(fastifyStatic, { root: WEB_DIST_DIR, wildcard: false, index: false, maxAge: '1h', immutable: false });
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
