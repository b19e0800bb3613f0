import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const OPERATOR_HEADER = 'x-operator-token';
const OPERATOR_QUERY = 'operator_token';
const OPERATOR_COOKIE = 'crewpay_operator';
export const OPERATOR_ONLY_MESSAGE =
  'Sandbox tools answer only on the machine running Crewpay, or with the operator token printed at start';

/**
 * Headers a proxy adds when it passes a request on. A loopback socket carrying one is a proxy on
 * this machine speaking for somebody else (nginx in front of the server), not the operator.
 */
const FORWARDING_HEADERS = ['forwarded', 'via', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'fastly-client-ip'];

/** Whether a proxy passed this request on: any X-Forwarded-* header or one of the headers above. */
export function isForwarded(headers: FastifyRequest['headers']): boolean {
  return Object.keys(headers).some((name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(name));
}

/**
 * Sandbox tools (/dev, /sandbox) read every outbox and move the shared clock: they belong to the
 * person running the server. They answer a caller on this machine (the socket's own address,
 * never X-Forwarded-For, which a remote caller can write) or one presenting the operator token
 * printed at start. Behind a proxy on the same host every socket is loopback, so a request that
 * carries forwarding headers, and every request when the server is told it sits behind a proxy
 * (TRUST_PROXY), needs the token too. A token given in the query is kept in a cookie so the
 * page's own form posts and links keep working.
 */
export function restrictToOperator(app: FastifyInstance, options: { operatorToken: string; isBehindProxy: boolean }): void {
  const { operatorToken } = options;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!options.isBehindProxy && !isForwarded(request.headers) && isLoopback(request.raw.socket.remoteAddress)) return;
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

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return ipv4.startsWith('127.') || address === '::1';
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
