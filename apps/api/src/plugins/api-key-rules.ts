import { apiKeyMessages, type ApiKeyScope } from '@crewpay/core';
import { AppError } from '../lib/errors.ts';

const READS = new Set(['GET', 'HEAD']);

/** Whether a route's URL is `prefix` or below it (segment by segment: /v1/tags is not /v1/tag). */
const isUnder = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/**
 * People's business: members, sign-in and login-as (/v1/users writes), API keys and webhooks
 * (reads too: where webhooks go is no key's business), and the audit log (who did what is
 * for the organisation's owners and admins). No scope opens these.
 */
export function isPeopleOnly(method: string, routeUrl: string): boolean {
  if (['/v1/org_api_token', '/v1/webhook_endpoints', '/v1/audit_log'].some((prefix) => isUnder(routeUrl, prefix))) return true;
  return isUnder(routeUrl, '/v1/users') && !READS.has(method);
}

/**
 * Reads no scope opens: the IRS filing files carry every payee's full TIN (as a signed tax form
 * does), and downloading one records what was filed, which is a person's act.
 */
const KEYLESS_READS: readonly string[] = ['/v1/taxes/:year/filing', '/v1/taxes/:year/corrections/file'];

/** The areas a key may write, each opened by its scope; the first prefix that matches decides. */
const WRITE_AREAS: readonly (readonly [prefix: string, scope: ApiKeyScope | null])[] = [
  // Executing is the organisation's approval to pay: a person's, never a key's.
  ['/v1/payments/initiate/preview', 'payments:write'],
  ['/v1/payments/initiate', null],
  // Approving is a second person's word (maker-checker): never a key's, whatever its scopes.
  ['/v1/approvals', null],
  // Issue 31: approving a deliverable can execute the payments waiting for it; what a payment waits for is a person's say.
  ['/v1/deliverables/:id/approval', null],
  ['/v1/payments/:id/gate', null],
  ['/v1/payments', 'payments:write'],
  ['/v1/creators', 'creators:write'],
  ['/v1/tags', 'creators:write'],
  ['/v1/campaigns', 'campaigns:write'],
  ['/v1/deliverables', 'campaigns:write'],
  ['/v1/campaign_files', 'campaigns:write'],
  ['/v1/customers', 'customers:write'],
  ['/v1/invoices', 'invoices:write'],
  ['/v1/invoice_schedules', 'invoices:write'],
  ['/v1/contracts', 'contracts:write'],
  ['/v1/contract_templates', 'contracts:write'],
];

/**
 * The scope a key needs for a route: `read` for reads, the area's scope for writes, null when no
 * scope opens it (writes outside the areas: money moves, the organisation's settings, activation,
 * billing, accounting, tax forms, notifications; and the filing files).
 */
export function scopeFor(method: string, routeUrl: string): ApiKeyScope | null {
  if (READS.has(method)) return KEYLESS_READS.includes(routeUrl) ? null : 'read';
  return WRITE_AREAS.find(([prefix]) => isUnder(routeUrl, prefix))?.[1] ?? null;
}

/** Refuses (403) a key's request its scopes do not open, with what is missing. */
export function assertKeyMay(scopes: readonly ApiKeyScope[], method: string, routeUrl: string): void {
  if (isPeopleOnly(method, routeUrl)) throw new AppError('forbidden', apiKeyMessages.peopleOnly);
  const needed = scopeFor(method, routeUrl);
  if (!needed) throw new AppError('forbidden', apiKeyMessages.notForKeys);
  if (!scopes.includes(needed)) throw new AppError('forbidden', apiKeyMessages.missingScope(needed));
}
