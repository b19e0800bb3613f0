import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { metricsRegistry, recordHttpRequest, type PoolMetrics } from '../lib/metrics.ts';
import { nameRequestSpan } from '../lib/tracing.ts';
import { restrictToOperator } from './operator-only.ts';

/**
 * Prometheus metrics: every answered request is timed under its route's pattern (never its
 * path, which holds ids), and GET /metrics serves the registry (lib/metrics.ts), with the pools
 * of the app's kernel (`poolMetrics`), to the holder of
 * the operator token (header, or ?operator_token= in Prometheus's scrape `params`), as the
 * sandbox tools are, in live mode as well.
 */
export async function registerMetrics(app: FastifyInstance, options: { operatorToken: string; pools: PoolMetrics }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url) nameRequestSpan(request.method, request.routeOptions.url);
  });
  app.addHook('onResponse', async (request, reply) => {
    recordHttpRequest(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  await app.register(async (scope) => {
    restrictToOperator(scope, options);
    scope.get('/metrics', { config: { isPublic: true }, schema: { hide: true } }, async (_request, reply) => {
      // Merged per scrape: a new registry of the same metric objects, nothing copied or kept.
      const registry = Registry.merge([metricsRegistry, options.pools.registry]);
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  });
}
