import type { FastifyRequest } from 'fastify';
import { apiKeyMessages, externalRoles, staffRoles, type ApiKeyScope, type AuditAction, type Role, type TimelineKind } from '@crewpay/core';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Which fields of a request body make a rule apply: any of `fields` sent (null too: clearing
 * counts), or any of `flags` sent as true.
 */
export type BodyRule = { fields?: readonly string[]; flags?: readonly string[] };

export type AuditDetails = Record<string, string | number | boolean | null>;

/**
 * Who may call a route and what it asks of them, declared on the route beside its schemas
 * (`config: { policy }`) and enforced by one hook (registerRoutePolicies). The docs
 * (docs/security.md) and the tests read the same declarations.
 */
export type RoutePolicy = {
  /** Reachable without a session, by any signed-in person (the handler decides), or by these roles only. */
  who: 'public' | 'signed_in' | readonly Role[];
  /**
   * What an organisation API key may do here: `people_only` refuses every key before it is even
   * looked up (members, keys, webhooks, the audit log), `none` refuses keys, a scope opens the
   * route to keys holding it; `refusedWhen` refuses keys when the body touches those fields
   * (where money goes), whatever their scopes.
   */
  apiKey: 'people_only' | 'none' | ApiKeyScope | { scope: ApiKeyScope; refusedWhen: BodyRule };
  /** What a refused key is told when the route has its own words for it (apiKey `none`). */
  keyRefusal?: string;
  /** Refused while acting as someone (login-as), with this message; only when the body touches `when`, if given. */
  acting?: { refused: string; when?: BodyRule };
  /** A second factor proved within FRESH_FACTOR_MINUTES: always, or when the body touches these fields. */
  freshFactor?: 'always' | BodyRule;
  /** Open to a staff member whose organisation requires two-factor before they have one (to enrol). */
  beforeEnrolment?: true;
  /** Recorded in the audit log with its outcome, with the details named (field names and figures, never values). */
  audit?: {
    action: AuditAction;
    when?: BodyRule;
    details?: (request: FastifyRequest) => AuditDetails;
    /** What the route's :id is: the row links to it and shows on its timeline. */
    target?: TimelineKind;
  };
  /**
   * The money this route moves (out of a wallet, or releases) or routes (changes where it goes),
   * for docs/security.md and the test holding such routes to their rules; `when` the body touches
   * those fields only; `byLink` for a public route acted on through a link emailed to the payee.
   */
  money?: { kind: 'moves' | 'routes'; act: string; when?: BodyRule; byLink?: true };
};

/**
 * A route that moves money or changes where it goes, acted on by a person: no API key, refused
 * while acting as someone (with `acting`, the words said), a second factor proved within
 * FRESH_FACTOR_MINUTES; audited when `audit` names the action.
 */
export const moneyAct = (policy: {
  who: RoutePolicy['who'];
  acting: string;
  money: NonNullable<RoutePolicy['money']>;
  audit?: RoutePolicy['audit'];
  keyRefusal?: string;
}): RoutePolicy => ({
  who: policy.who,
  apiKey: 'none',
  ...(policy.keyRefusal ? { keyRefusal: policy.keyRefusal } : {}),
  acting: { refused: policy.acting },
  freshFactor: 'always',
  money: policy.money,
  ...(policy.audit ? { audit: policy.audit } : {}),
});

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /**
     * Writes the route's audit row (its policy's action) in the caller's transaction, so the row
     * and the change commit together; the hook writes it after the answer otherwise (refusals too).
     */
    recordAudit: (tx: DbOrTx, extra?: AuditDetails, amount?: number) => Promise<void>;
    auditRecorded: boolean;
  }
}

/** The staff roles and the portal's, as policies name them. */
export const STAFF: readonly Role[] = staffRoles;
export const MANAGERS: readonly Role[] = ['owner', 'admin'];
export const OWNER: readonly Role[] = ['owner'];
export const EXTERNAL: readonly Role[] = externalRoles;

/** Whether a body touches a rule's fields (an absent rule: always). */
export function touches(rule: BodyRule | undefined, body: unknown): boolean {
  if (!rule) return true;
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return (
    (rule.fields ?? []).some((field) => field in record && record[field] !== undefined) ||
    (rule.flags ?? []).some((flag) => record[flag] === true)
  );
}

/** Which request bodies' facts an audit row keeps by default: field names, never their values (personal data). */
export const fieldNames = (body: unknown): AuditDetails => {
  const fields = body && typeof body === 'object' ? Object.keys(body).sort() : [];
  return { fields: fields.join(',') };
};

/** How a rule reads in the docs: "when the body sets a, b or c is true". */
export function describeRule(rule: BodyRule | undefined): string {
  if (!rule) return 'always';
  const parts = [
    ...(rule.fields?.length ? [`sets ${rule.fields.join(', ')}`] : []),
    ...(rule.flags?.length ? [`sets ${rule.flags.join(' or ')} to true`] : []),
  ];
  return `when the body ${parts.join(' or ')}`;
}

export const isPublicRoute = (request: FastifyRequest) =>
  request.routeOptions.config.isPublic === true || request.routeOptions.config.policy?.who === 'public';

/** The routes whose policy must be declared: the API's. */
export const needsPolicy = (url: string) => url.startsWith('/v1/') || url === '/v1' || url.startsWith('/api/');

/** A route as added, with its policy and its body's schema (the tests read which fields it takes). */
export type DeclaredRoute = { method: string; url: string; policy: RoutePolicy | undefined; body: unknown };

const READS = new Set(['GET', 'HEAD']);

/** The scope a key needs where no policy says (routes outside /v1 and /api): reads only. */
const fallbackScope = (method: string): ApiKeyScope | null => (READS.has(method) ? 'read' : null);

/** Refuses a key before its lookup when the route is people's business only. */
export function refusesEveryKey(request: FastifyRequest): boolean {
  return request.routeOptions.config.policy?.apiKey === 'people_only';
}

/** Refuses (403) a key's request its scopes do not open, with what is missing. */
export function assertKeyMay(scopes: readonly ApiKeyScope[], request: FastifyRequest): void {
  const rule = request.routeOptions.config.policy?.apiKey;
  if (rule === 'people_only') throw new AppError('forbidden', apiKeyMessages.peopleOnly);
  const needed = rule === undefined ? fallbackScope(request.method) : rule === 'none' ? null : typeof rule === 'string' ? rule : rule.scope;
  if (!needed) throw new AppError('forbidden', request.routeOptions.config.policy?.keyRefusal ?? apiKeyMessages.notForKeys);
  if (!scopes.includes(needed)) throw new AppError('forbidden', apiKeyMessages.missingScope(needed));
}

/** The acting refusal a policy gives this body, if any. */
export function actingRefusal(policy: RoutePolicy | undefined, body: unknown): string | null {
  return policy?.acting && touches(policy.acting.when, body) ? policy.acting.refused : null;
}

/** Whether a policy asks this body for a fresh factor. */
export function asksFreshFactor(policy: RoutePolicy | undefined, body: unknown): boolean {
  if (!policy?.freshFactor) return false;
  return policy.freshFactor === 'always' || touches(policy.freshFactor, body);
}
