import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const OPERATOR_HEADER = 'x-operator-token';
const OPERATOR_QUERY = 'operator_token';
const OPERATOR_COOKIE = 'crewpay_operator';
export const OPERATOR_ONLY_MESSAGE =
  'Sandbox tools and metrics answer only with the operator token: open the link printed at start, or send the x-operator-token header';

/**
 * Sandbox tools (/dev, /sandbox) read every outbox and move the shared clock, and /metrics
 * describes the whole server: they belong to the person running it, who proves it with the
 * operator token printed at start (the x-operator-token header, or ?operator_token= once, kept in
 * a cookie so the page's own form posts and links keep working). No caller is let in for where
 * it seems to come from: a proxy on the same machine connects from loopback, and nginx's default
 * proxy_pass adds no forwarding header, so such a request cannot be told from the operator's own
 * (docs/decisions.md, "Sandbox tools need the operator token").
 */
export function restrictToOperator(app: FastifyInstance, options: { operatorToken: string }): void {
  const { operatorToken } = options;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const fromQuery = queryToken(request.raw.url);
    const presented = headerValue(request.headers[OPERATOR_HEADER]) ?? fromQuery ?? cookieValue(request.headers.cookie, OPERATOR_COOKIE);
    if (presented !== undefined && sameSecret(presented, operatorToken)) {
      if (fromQuery !== undefined) {
        reply.header('set-cookie', `${OPERATOR_COOKIE}=${encodeURIComponent(fromQuery)}; Path=/; HttpOnly; SameSite=Strict`);
      }
      return;
    }
    return reply.status(403).send({
      message: OPERATOR_ONLY_MESSAGE,
      code: 'operator_only',
    });
  });
}

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function queryToken(url: string | undefined): string | undefined {
  const query = url?.split('?')[1];
  if (!query) return undefined;
  return new URLSearchParams(query).get(OPERATOR_QUERY) ?? undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
