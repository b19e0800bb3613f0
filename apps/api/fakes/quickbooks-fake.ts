import { randomBytes } from 'node:crypto';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createOpenApiCheck, loadOpenApi } from './openapi-check.ts';
import { createJournalEntry, fault, runQuery, sampleCompany, type FakeCompany } from './quickbooks-fake-company.ts';

/**
 * Intuit's QuickBooks Online as Crewpay uses it, on a local port. Intuit publishes no OpenAPI
 * description of the Accounting API; this follows its reference pages:
 * - OAuth 2.0 (developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-2.0
 *   and Intuit's discovery document): the authorization endpoint (/connect/oauth2: client_id,
 *   response_type=code, scope, redirect_uri, state; back to the redirect URI with code, state and
 *   realmId), the token endpoint (/oauth2/v1/tokens/bearer, HTTP Basic with the app's keys, form
 *   body, grant_type authorization_code or refresh_token; access tokens last 3600 s, refresh tokens
 *   100 days and rotate; invalid_grant / invalid_client errors), the revoke endpoint
 *   (/v2/oauth2/tokens/revoke, JSON {"token"}); blogs.intuit.com "OAuth token management done the
 *   right way" (2024) for the lifetimes.
 * - The Accounting API (.../qbo/docs/api/accounting/all-entities/account, customer, vendor,
 *   journalentry; .../learn/explore-the-quickbooks-online-api/minor-versions; the query language
 *   with STARTPOSITION and MAXRESULTS up to 1000; requestid idempotency, Intuit's blog "Request ID
 *   update" (2015): the same requestid answers the first answer again, at most 50 characters).
 * - Errors (.../develop/troubleshooting/error-codes and handling-common-errors): the Fault shape
 *   {"Fault":{"Error":[{"Message","Detail","code","element"}],"type"},"time"}, 401 AuthenticationFailed
 *   (3200), 400 ValidationFault (2020, 2500, 610, 6000, 4000), 429 ThrottleExceeded (3001).
 * Those pages are transcribed in openapi/quickbooks.json: every request and answer is checked
 * against it; a request that breaks it is refused (a ValidationFault, as Intuit answers an
 * unsupported property) and every problem is kept in `problems` for the tests to assert none.
 * Where the fake is stricter than Intuit it says so: a missing or older minorversion is refused
 * (Intuit would answer as 75), to prove the adapter pins it. Its authorization endpoint approves at
 * once, as if the Intuit user had signed in and clicked Connect.
 */

export const QUICKBOOKS_FAKE_APP = { clientId: 'crewpay-fake-intuit-app', clientSecret: 'crewpay-fake-intuit-secret' };
const ACCESS_TTL_S = 3600;
const REFRESH_TTL_S = 100 * 86_400;
const CODE_TTL_MS = 10 * 60_000;
const MINOR_VERSION = 75;

type Grant = { realmId: string; expiresAt: number };
type Json = Record<string, unknown>;

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const oauthError = (status: number, error: string): FakeAnswer => ({ status, body: { error } });
const validationFault = (code: string, message: string, detail: string) => fault(400, 'ValidationFault', code, message, detail);
const authFailed = (detail: string) =>
  fault(401, 'AUTHENTICATION', '3200', 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail);

export async function startQuickbooksFake(options: { port?: number; rateLimitPerMinute?: number } = {}) {
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  let rateLimit = options.rateLimitPerMinute ?? 500;
  const companies = new Map<string, FakeCompany>();
  const codes = new Map<string, Grant & { redirectUri: string }>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  /** The company the next consent picks (a new one each time unless set). */
  let consentRealm: string | null = null;
  let denyNext = false;
  const timeOuts: RegExp[] = [];
  const description = createOpenApiCheck(loadOpenApi('quickbooks'));
  const problems: string[] = [];

  const newCompany = () => {
    const realmId = `9341${String(companies.size + 1).padStart(12, '0')}`;
    companies.set(realmId, sampleCompany(realmId));
    return realmId;
  };

  function issue(realmId: string) {
    const access = token('eyJfake.');
    const refresh = token('AB11');
    accessTokens.set(access, { realmId, expiresAt: now() + ACCESS_TTL_S * 1000 });
    refreshTokens.set(refresh, { realmId, expiresAt: now() + REFRESH_TTL_S * 1000 });
    return {
      status: 200,
      body: {
        token_type: 'bearer',
        access_token: access,
        expires_in: ACCESS_TTL_S,
        refresh_token: refresh,
        x_refresh_token_expires_in: REFRESH_TTL_S,
      },
    };
  }

  function authorize(request: FakeRequest): FakeAnswer {
    const query = request.query;
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== QUICKBOOKS_FAKE_APP.clientId || !redirectUri)
      return { status: 400, body: { error: 'invalid_request', error_description: 'client_id or redirect_uri is not valid' } };
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state') ?? '');
    if (denyNext || query.get('response_type') !== 'code' || query.get('scope') !== 'com.intuit.quickbooks.accounting') {
      denyNext = false;
      back.searchParams.set('error', 'access_denied');
      return { status: 302, headers: { location: back.toString() } };
    }
    const realmId = consentRealm && companies.has(consentRealm) ? consentRealm : newCompany();
    const code = token('AB11');
    codes.set(code, { realmId, expiresAt: now() + CODE_TTL_MS, redirectUri });
    back.searchParams.set('code', code);
    back.searchParams.set('realmId', realmId);
    return { status: 302, headers: { location: back.toString() } };
  }

  function tokenEndpoint(request: FakeRequest): FakeAnswer {
    const basic = `Basic ${Buffer.from(`${QUICKBOOKS_FAKE_APP.clientId}:${QUICKBOOKS_FAKE_APP.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== basic) return oauthError(401, 'invalid_client');
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return oauthError(400, 'invalid_request');
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') === 'authorization_code') {
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant || grant.expiresAt <= now() || grant.redirectUri !== form.get('redirect_uri')) return oauthError(400, 'invalid_grant');
      return issue(grant.realmId);
    }
    if (form.get('grant_type') === 'refresh_token') {
      const old = form.get('refresh_token') ?? '';
      const grant = refreshTokens.get(old);
      // Rotation: the refresh token used is spent; only the new one works from now on.
      refreshTokens.delete(old);
      if (!grant || grant.expiresAt <= now()) return oauthError(400, 'invalid_grant');
      return issue(grant.realmId);
    }
    return oauthError(400, 'unsupported_grant_type');
  }

  function revoke(request: FakeRequest): FakeAnswer {
    const basic = `Basic ${Buffer.from(`${QUICKBOOKS_FAKE_APP.clientId}:${QUICKBOOKS_FAKE_APP.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== basic) return oauthError(401, 'invalid_client');
    const given = (JSON.parse(request.body || '{}') as { token?: string }).token ?? '';
    const grant = refreshTokens.get(given) ?? accessTokens.get(given);
    if (!grant) return oauthError(400, 'invalid_request');
    // Revoking ends the whole grant: every token of that company issued to the app.
    for (const tokens of [refreshTokens, accessTokens])
      for (const [key, value] of tokens) if (value.realmId === grant.realmId) tokens.delete(key);
    return { status: 200 };
  }

  function api(request: FakeRequest, company: FakeCompany, entity: string): FakeAnswer {
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /i, '');
    const grant = accessTokens.get(bearer);
    if (!grant || grant.realmId !== company.realmId) return authFailed('Token revoked or invalid');
    if (grant.expiresAt <= now()) return authFailed('Token expired: the access token has expired');
    if (now() - company.window.start >= 60_000) company.window = { start: now(), count: 0 };
    company.window.count += 1;
    if (company.window.count > rateLimit)
      return fault(429, 'SERVICE', '3001', 'message=ThrottleExceeded; errorCode=003001; statusCode=429', 'The request limit was reached.');
    const minor = Number(request.query.get('minorversion'));
    if (!Number.isInteger(minor) || minor < MINOR_VERSION)
      return fault(
        400,
        'ValidationFault',
        '2020',
        'Required param missing, need to supply the required value for the API',
        `minorversion ${MINOR_VERSION} or later is required`,
      );
    if (request.method === 'GET' && entity === 'query') return runQuery(company, request.query.get('query') ?? '');
    if (request.method === 'POST' && entity === 'journalentry') return createOnce(request, company);
    return fault(400, 'ValidationFault', '500', 'Unsupported Operation', `Operation ${request.method} ${entity} is not supported`);
  }

  /** The same requestid answers the first answer again, whatever it was; none means a new entry every time. */
  function createOnce(request: FakeRequest, company: FakeCompany): FakeAnswer {
    if (!String(request.headers['content-type']).startsWith('application/json'))
      return fault(415, 'ValidationFault', '1050', 'Invalid Content Type', 'Content-Type must be application/json');
    const requestId = request.query.get('requestid');
    if (requestId && requestId.length > 50)
      return fault(400, 'ValidationFault', '2050', 'Invalid String', 'requestid is longer than 50 characters');
    const earlier = requestId ? company.answers.get(requestId) : undefined;
    if (earlier) return earlier;
    let body: Json;
    try {
      body = JSON.parse(request.body) as Json;
    } catch {
      return fault(400, 'ValidationFault', '2020', 'Request has invalid or unsupported property', 'The request body is not JSON');
    }
    const answer = createJournalEntry(company, body);
    if (requestId) company.answers.set(requestId, answer);
    return answer;
  }

  /** Every exchange but the fake's own state, checked against the description of Intuit's reference. */
  async function checked(request: FakeRequest): Promise<FakeAnswer> {
    if (request.path.startsWith('/_fake/')) return route(request);
    const contentType = request.headers['content-type'];
    const refused = description.checkRequest({ ...request, contentType });
    if (refused.length > 0) {
      problems.push(...refused.map((problem) => `${request.method} ${request.path}: ${problem}`));
      return validationFault('2010', 'Request has invalid or unsupported property', refused.join('; '));
    }
    const answer = await route(request);
    const wrong = description.checkAnswer(request, { status: answer.status, body: answer.body });
    problems.push(...wrong.map((problem) => `answer to ${request.method} ${request.path}: ${problem}`));
    return answer;
  }

  async function route(request: FakeRequest): Promise<FakeAnswer> {
    if (request.method === 'GET' && request.path === '/_fake/state') return { status: 200, body: state() };
    if (request.method === 'GET' && request.path === '/connect/oauth2') return authorize(request);
    if (request.method === 'POST' && request.path === '/oauth2/v1/tokens/bearer') return tokenEndpoint(request);
    if (request.method === 'POST' && request.path === '/v2/oauth2/tokens/revoke') return revoke(request);
    const match = /^\/v3\/company\/([^/]+)\/([a-z]+)$/.exec(request.path);
    const company = match ? companies.get(match[1]!) : undefined;
    if (!match || !company) return fault(404, 'ValidationFault', '610', 'Object Not Found', `No company or operation at ${request.path}`);
    const answer = api(request, company, match[2]!);
    const timeOut = timeOuts.findIndex((pattern) => pattern.test(request.path));
    // The gateway gave up after QuickBooks did the work: the client sees a 504, the company keeps the entry.
    if (timeOut < 0) return answer;
    timeOuts.splice(timeOut, 1);
    return { status: 504 };
  }

  const state = () => ({
    companies: [...companies.values()].map((company) => ({
      realm_id: company.realmId,
      name: company.name,
      accounts: company.accounts,
      customers: company.customers,
      vendors: company.vendors,
      journal_entries: company.journalEntries,
    })),
  });

  const fake = await startHttpFake(checked, { port: options.port });
  return {
    ...fake,
    /** Where a request or an answer broke the description of Intuit's reference (tests assert none). */
    problems,
    settings: {
      QUICKBOOKS_CLIENT_ID: QUICKBOOKS_FAKE_APP.clientId,
      QUICKBOOKS_CLIENT_SECRET: QUICKBOOKS_FAKE_APP.clientSecret,
      QUICKBOOKS_ENVIRONMENT: 'sandbox',
      QUICKBOOKS_API_BASE: fake.url,
      QUICKBOOKS_AUTHORIZE_URL: `${fake.url}/connect/oauth2`,
      QUICKBOOKS_TOKEN_URL: `${fake.url}/oauth2/v1/tokens/bearer`,
      QUICKBOOKS_REVOKE_URL: `${fake.url}/v2/oauth2/tokens/revoke`,
    },
    state,
    company: (realmId: string) => companies.get(realmId),
    /** The next consent connects this company (connecting again to the same books). */
    consentTo: (realmId: string | null) => void (consentRealm = realmId),
    denyNextConsent: () => void (denyNext = true),
    /** Moves the fake's clock: tokens and codes expire as Intuit's would. */
    advance: (ms: number) => void (offsetMs += ms),
    setRateLimit: (perMinute: number) => void (rateLimit = perMinute),
    /** The next request to a matching path is carried out, then answered 504 as a gateway timeout would. */
    timeOutAfterWork: (path: RegExp) => void timeOuts.push(path),
    /** Revokes every token of a company, as disconnecting the app in QuickBooks does. */
    revokeCompany(realmId: string) {
      for (const tokens of [refreshTokens, accessTokens])
        for (const [key, value] of tokens) if (value.realmId === realmId) tokens.delete(key);
    },
  };
}

export type QuickbooksFake = Awaited<ReturnType<typeof startQuickbooksFake>>;
