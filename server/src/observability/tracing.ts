// OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT (or its traces-only twin) is set: otherwise nothing of
// the SDK is even loaded (docs/operations/monitor.md#traces). main.ts imports this module first, so the SDK patches
// http and pg before anything requires them; a bundle of the server must keep those packages external (a require
// hook cannot patch a copy bundled inline).
export const TRACES_ENDPOINT_VARIABLES = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] as const;

/** Whether the environment asks for traces: an OTLP endpoint, and the SDK not switched off (OTEL_SDK_DISABLED). */
export function tracingRequested(env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return TRACES_ENDPOINT_VARIABLES.some((name) => Boolean(env[name]?.trim()));
}

let flush: () => Promise<void> = async () => {};

if (tracingRequested(process.env)) {
  // Synchronous on purpose: the instrumentations must be in place before main.ts's next import loads fastify and pg.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an import would load the SDK unconditionally
  const { startTracing } = require('./otel') as typeof import('./otel');
  flush = startTracing(process.env);
}

/** Sends the spans still buffered (app.close() calls it, so a stopping server loses none); nothing without tracing. */
export const flushTraces = (): Promise<void> => flush().catch(() => undefined);
