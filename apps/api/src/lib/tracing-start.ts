// Loaded before the app with `node --import ./dist/tracing.js` (the npm scripts do): when
// OTEL_EXPORTER_OTLP_ENDPOINT is set, traces of every HTTP request, database query and outgoing
// call (fetch) are exported by OTLP over HTTP; when it is not, nothing is loaded and nothing runs.
// Module hooks must be in place before pg and node:http are imported, which is why this is a
// preload and not part of main.ts. The standard OTEL_* variables apply (OTEL_SERVICE_NAME,
// OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER ...).
import { register } from 'node:module';

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing();

async function startTracing(): Promise<void> {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { registerInstrumentations }, http, pg, undici, resources] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/resources'),
    ]);
  const role = process.argv[1]?.includes('worker') ? 'crewpay-worker' : 'crewpay-api';
  const exporter = new OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? role }),
    spanProcessors: [
      new BatchSpanProcessor({
        export: (spans, done) => exporter.export(spans.map(withoutQueries), done),
        shutdown: () => exporter.shutdown(),
      }),
    ],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      // Spans carry the method, route and status; query strings are cut before export (withoutQueries).
      new http.HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === '/health' || request.url === '/ready' }),
      // Statement shapes only: the values ($1 ...) hold personal data and are never attached.
      new pg.PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new undici.UndiciInstrumentation(),
    ],
  });
  await waitForAllMessagesAcknowledged();
  // Spans still buffered go out before the process leaves (main.ts stops on SIGTERM with exit(0)).
  process.once('beforeExit', () => void provider.shutdown());
}

type ExportedSpan = { attributes: Record<string, unknown> };
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.path', 'http.route'];
/** Who called: addresses and browsers are personal data (docs/security.md), and a trace needs neither. */
const CALLER_ATTRIBUTES = [
  'url.query',
  'client.address',
  'network.peer.address',
  'network.peer.port',
  'net.peer.ip',
  'user_agent.original',
  'http.user_agent',
  'http.client_ip',
];

/**
 * The span as exported, its URLs cut at the "?" (query strings hold searches, emailed link ids
 * and operator tokens) and without the caller's address or browser.
 */
function withoutQueries<T extends ExportedSpan>(span: T): T {
  const attributes = { ...span.attributes };
  for (const key of CALLER_ATTRIBUTES) delete attributes[key];
  for (const key of URL_ATTRIBUTES) {
    const value = attributes[key];
    if (typeof value === 'string') attributes[key] = value.split('?')[0];
  }
  // A view of the span with its own attributes; everything else (its context, times) is read through.
  return Object.assign(Object.create(span) as T, { attributes });
}
