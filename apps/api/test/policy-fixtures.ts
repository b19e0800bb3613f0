import type { FastifyInstance } from 'fastify';
import type { RoutePolicy } from '../src/plugins/route-policy.ts';

/** The policy a route declares (the test fails when the route or its policy is missing). */
export function policyOf(app: FastifyInstance, method: string, url: string): RoutePolicy {
  const route = app.routePolicies().find((candidate) => candidate.method === method && candidate.url === url);
  if (!route?.policy) throw new Error(`${method} ${url}: no such route, or no policy`);
  return route.policy;
}
