import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/errors.ts';

// Addresses a customer's webhook must never reach from our servers (SSRF): loopback, private,
// link-local (cloud metadata), carrier-grade NAT, unspecified, multicast and reserved ranges.
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4-mapped IPv6 address is checked as the IPv4 address it carries.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return blocked.check(mapped, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

const refused = (message: string) => new AppError('validation_error', message, { field: 'url' });

/** The URL's host as WEBHOOK_ALLOWED_HOSTS names it: lower case, IPv6 without its brackets. */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** Whether the operator named this URL's host as a private receiver webhooks may reach (WEBHOOK_ALLOWED_HOSTS). */
export const isAllowedPrivateHost = (url: URL, allowedHosts: readonly string[]) => allowedHosts.includes(hostOf(url));

/**
 * Refuses a webhook URL that is not http(s) or whose host resolves (any of its addresses) to a
 * private, loopback or link-local address. Checked when the endpoint is saved and again before
 * every delivery, since DNS may change. In every mode: in the sandbox too, a webhook could
 * otherwise reach this server's own sandbox tools or a cloud's metadata address
 * (169.254.169.254). Only hosts the operator names in WEBHOOK_ALLOWED_HOSTS (a receiver on this
 * machine while developing) are let through.
 */
export async function assertDeliverableUrl(rawUrl: string, options: { allowedHosts: readonly string[] }): Promise<URL> {
  if (!URL.canParse(rawUrl)) throw refused('Enter an http or https URL');
  const url = new URL(rawUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('Enter an http or https URL');
  if (url.username || url.password) throw refused('The URL must not contain a user name or password');
  if (isAllowedPrivateHost(url, options.allowedHosts)) return url;
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw refused('This host name could not be resolved');
    }
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) {
    throw refused('Webhooks cannot be sent to private, loopback or link-local addresses');
  }
  return url;
}
