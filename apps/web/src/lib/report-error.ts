import { CLIENT_ERROR_LIMITS, reportPath, reportStack, scrubReportText } from '@crewpay/core/client-error-text';

/**
 * Tells the server (POST /v1/client_errors, which logs it and forwards it to an error tracker)
 * that a page failed to render or an API call failed. Nothing that names a person leaves the
 * browser: texts are scrubbed, paths sent as patterns, no query strings, no request bodies. A
 * page that keeps failing sends a few reports, not a flood.
 */
const ENDPOINT = '/v1/client_errors';
/** Reports a page load may send at most. */
const MAX_REPORTS = 20;
/** The same failure (kind, name, message, place) is reported once a minute. */
const REPEAT_AFTER_MS = 60_000;

type Report = {
  kind: 'render' | 'api';
  name: string;
  message: string;
  page: string;
  stack?: string;
  call?: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; status: number };
};

let sent = 0;
const lastSent = new Map<string, number>();

/** For the tests: a fresh page load. */
export function resetErrorReports(): void {
  sent = 0;
  lastSent.clear();
}

function send(report: Report): void {
  const key = [report.kind, report.name, report.message, report.page, report.call?.path].join('|');
  const now = Date.now();
  if (sent >= MAX_REPORTS || now - (lastSent.get(key) ?? -Infinity) < REPEAT_AFTER_MS) return;
  sent += 1;
  lastSent.set(key, now);
  const body = JSON.stringify(report);
  try {
    // A beacon is sent even when the page is being left, and never holds the page up.
    if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse beacons in some states; fetch below then.
  }
  fetch(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
}

const currentPage = () => reportPath(window.location.pathname);

function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return {
      name: scrubReportText(error.name, CLIENT_ERROR_LIMITS.name),
      message: scrubReportText(error.message),
      stack: error.stack ? reportStack(error.stack) : undefined,
    };
  }
  return { name: typeof error, message: '' };
}

/** A render error caught by an error boundary (app/error-boundary.tsx). */
export function reportRenderError(error: unknown, componentStack?: string | null): void {
  const described = describeError(error);
  // The component stack says which component failed.
  const stack = reportStack([described.stack, componentStack].filter(Boolean).join('\n'));
  send({ kind: 'render', ...described, stack: stack || undefined, page: currentPage() });
}

/** An API call that got no answer (status 0) or a server error (5xx); lib/api-client.ts calls it. */
export function reportFailedCall(call: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; status: number }, error: Error): void {
  send({
    kind: 'api',
    name: scrubReportText(error.name, CLIENT_ERROR_LIMITS.name),
    message: scrubReportText(error.message),
    page: currentPage(),
    call: { method: call.method, path: reportPath(call.path), status: call.status },
  });
}
