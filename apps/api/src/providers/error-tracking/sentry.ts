import { randomBytes } from 'node:crypto';

/** One error as an error tracker takes it: every field already free of personal data. */
export type TrackedError = {
  name: string;
  message: string;
  /** Where it happened (a page or route pattern), a tag to group by. */
  where: string;
  tags: Record<string, string>;
  stack?: string;
};

type Dsn = { envelopeUrl: string; publicKey: string };

/** https://<public key>@<host>[/<path>]/<project id>, as Sentry (and GlitchTip, Bugsink ...) give it. */
function parseDsn(dsn: string): Dsn | undefined {
  const url = new URL(dsn);
  const parts = url.pathname.split('/').filter(Boolean);
  const projectId = parts.pop();
  if (!url.username || !projectId) return undefined;
  const prefix = parts.length > 0 ? `/${parts.join('/')}` : '';
  return { envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`, publicKey: decodeURIComponent(url.username) };
}

/**
 * Sends one error to a Sentry-compatible service as an envelope (its ingestion format: a header
 * line, an item header line, the event). Bounded in time; a failure is the caller's to ignore.
 */
export async function sendToSentry(dsn: string, error: TrackedError, options: { environment: string }): Promise<void> {
  const target = parseDsn(dsn);
  if (!target) throw new Error('SENTRY_DSN is not a Sentry DSN (https://<key>@<host>/<project>)');
  const eventId = randomBytes(16).toString('hex');
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'crewpay.browser',
    environment: options.environment,
    transaction: error.where,
    tags: error.tags,
    exception: { values: [{ type: error.name, value: error.message }] },
    extra: error.stack ? { stack: error.stack } : {},
  };
  const body = [
    JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
  const response = await fetch(target.envelopeUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-sentry-envelope',
      'x-sentry-auth': `Sentry sentry_version=7, sentry_client=crewpay/1.0, sentry_key=${target.publicKey}`,
    },
    body,
    signal: AbortSignal.timeout(5_000),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`The error tracker answered ${response.status}`);
}
