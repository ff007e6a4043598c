// The OpenTelemetry SDK, loaded by tracing.ts only when an OTLP endpoint is configured. Spans of incoming HTTP
// requests (http and Fastify's routes), of every PostgreSQL query (pg), and Paddock's own (ingest batches, MQTT
// publishes: devices/gateway/) go to the collector over OTLP/HTTP (JSON) in batches. The exporter reads the standard
// variables itself: OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces) or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
// OTEL_EXPORTER_OTLP_HEADERS, and the provider OTEL_TRACES_SAMPLER(_ARG).
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** Probes every few seconds would drown the traces that matter. */
const UNTRACED_PATHS = new Set(['/api/health', '/api/health/ready', '/metrics']);
const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/**
 * Starts tracing for the process; returns what flushes the buffered spans. Loaded by tracing.ts only when tracing is
 * configured (a require knip cannot follow).
 * @public
 */
export function startTracing(env: Readonly<Record<string, string | undefined>>): () => Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || 'paddock' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(pathOf(request.url)),
        // The server's own outgoing calls (Stripe, FCM, web push, the exporter itself) stay traced, except the exporter's.
        ignoreOutgoingRequestHook: (options) => pathOf(typeof options === 'string' ? options : (options.path ?? undefined)).endsWith('/v1/traces'),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => UNTRACED_PATHS.has(route.url) }),
    ],
  });
  return () => provider.forceFlush();
}
