import { SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

const tracer = trace.getTracer('crewpay');

/**
 * Runs `work` inside a span of its own (a provider call, say), a child of the request or job it
 * serves. Without a tracer provider (OTEL_EXPORTER_OTLP_ENDPOINT unset, lib/tracing-start.ts)
 * the API's spans are no-ops that cost a function call.
 */
export async function withSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      // The error's class only: its message may name a person.
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Names the request's span after its route pattern (the path holds ids), when a span is recording. */
export function nameRequestSpan(method: string, route: string): void {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return;
  span.setAttribute('http.route', route);
  span.updateName(`${method} ${route}`);
}
