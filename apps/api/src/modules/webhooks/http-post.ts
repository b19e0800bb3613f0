import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isBlockedAddress } from './url-guard.ts';

/**
 * The connection's own DNS answer is checked, so a host that resolved to a public address when
 * the URL was checked cannot switch to a private one for the request itself (DNS rebinding).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    const blocked = list.find((entry) => isBlockedAddress(entry.address));
    if (blocked || list.length === 0)
      return callback(new Error('Webhooks cannot be sent to private, loopback or link-local addresses'), '', 4);
    if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** POSTs `body` and answers the status code; redirects are not followed (any 3xx is a failure). */
export function postJson(
  url: URL,
  options: { headers: Record<string, string>; body: string; timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body).toString() },
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        clearTimeout(deadline);
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    // The whole attempt, not just one idle socket, has this long.
    const deadline = setTimeout(() => request.destroy(new Error('Timed out')), options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(options.body);
  });
}
