import { ApiError } from './api-error.ts';
import { reportFailedCall } from './report-error.ts';
import { askForFreshFactor, markEnrolmentRequired } from './session/two-factor-gate.ts';
import { clearToken, getToken } from './session/token.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type RequestOptions = {
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Set on the one retry after a fresh second factor, so a second refusal is not asked again. */
  isRetry?: boolean;
};

type ErrorBody = {
  message?: unknown;
  code?: unknown;
  field?: unknown;
  fresh_factor_required?: unknown;
  two_factor_enrolment_required?: unknown;
};

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The one way the browser talks to the API: attaches the session token, sends JSON,
 * and turns any status above 399 into an ApiError carrying the server's message. The two-factor
 * refusals are answered here for every screen (see session/two-factor-gate.ts).
 */
async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers['auth-token'] = token;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No answer at all (offline, server down): the caller's default message applies.
    const failure = new ApiError({ status: 0, serverMessage: null, wasAuthenticated: token !== null });
    reportFailedCall({ method, path, status: 0 }, failure);
    throw failure;
  }

  const data = await readJson(response);
  if (response.status > 399) {
    const errorBody = (typeof data === 'object' && data !== null ? data : {}) as ErrorBody;
    const error = new ApiError({
      status: response.status,
      serverMessage: asText(errorBody.message),
      code: asText(errorBody.code),
      field: asText(errorBody.field),
      wasAuthenticated: token !== null,
      isEnrolmentRequired: errorBody.two_factor_enrolment_required === true,
    });
    // The session ended on the server: forget it; the route guards send the person to /signin.
    if (error.isSessionExpired && getToken() === token) clearToken();
    if (error.isEnrolmentRequired) markEnrolmentRequired();
    // A sensitive action on a stale factor: ask for a code, then send the same call once more.
    if (errorBody.fresh_factor_required === true && !options.isRetry && (await askForFreshFactor())) {
      return request<T>(method, path, { ...options, isRetry: true });
    }
    // A refusal (4xx) is the person's to fix and is shown to them; a server error is ours.
    if (response.status >= 500) reportFailedCall({ method, path, status: response.status }, error);
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, { ...options, body }),
};
