// The HTTP side of observability (docs/operations/monitor.md): request ids, one log line per request, the request
// duration histogram, and /metrics behind METRICS_TOKEN or on its own METRICS_PORT.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sameSecret } from '../crypto';
import { notFound, unauthorized } from '../http/errors';
import type { Metrics } from './metrics';

/** A caller's (a proxy's) request id is kept when it is this plain: it goes into every log line and back in a header. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** W3C Trace Context: version-traceid-parentid-flags; version ff and the all-zero trace id are invalid. */
const TRACEPARENT = /^(?!ff)[0-9a-f]{2}-(?!0{32})([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
export const REQUEST_ID_HEADER = 'x-request-id';
/** Probes that come every few seconds: logged at debug, like polls answered 304. */
const PROBE_ROUTES = new Set(['/api/health', '/api/health/ready', '/metrics']);

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Fastify's genReqId: the caller's X-Request-Id when plain enough, else the trace id (of `traceparent`, or of the
 * span tracing started for this request), else a new UUID. Never a per-process counter: ids stay unique across
 * instances and restarts, so one can be followed through a proxy.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = single(request.headers[REQUEST_ID_HEADER])?.trim();
  if (given && REQUEST_ID.test(given)) return given;
  const traceId = TRACEPARENT.exec(single(request.headers.traceparent)?.trim().toLowerCase() ?? '')?.[1];
  if (traceId) return traceId;
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? span.traceId : randomUUID();
}

/** Whether `header` (Authorization) carries the bearer token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return Boolean(match && sameSecret(match[1], token));
}

/**
 * One log line per request, once answered, with the request and the reply: Fastify's own "incoming request" line
 * is dropped (a 5 s poll made two lines, issue 29). Polls answered 304 and probes are logged at debug; errors as
 * Fastify logs them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const route = request.routeOptions.url;
    const quiet = reply.statusCode === 304 || (route !== undefined && PROBE_ROUTES.has(route));
    request.log[quiet ? 'debug' : 'info']({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** On every request: the id goes back in X-Request-Id; once answered, its duration by route pattern and status class. */
export function registerRequestObservability(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * GET /metrics on the app's port: only with METRICS_TOKEN, as a bearer token (401 without it or with another);
 * without a token it is 404, never the web app's page, which a scrape would take for success.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw unauthorized();
    }
    const { body, contentType } = await metrics.scrape();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
}

/**
 * METRICS_PORT: /metrics alone on a port of its own, no token (keep the port off the public network: a firewall or
 * the container's network). Anything else there is 404.
 */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
