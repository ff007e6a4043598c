// Traces from a real `serve` process (tracing patches modules as they load, which Jest's own module loader would
// bypass) to a local OTLP/HTTP stand-in: a request that carries a traceparent gives the server's HTTP span under
// that trace, the request id is its trace id, and on PostgreSQL the queries it made are spans of the same trace
// (PGlite runs in-process with no driver to instrument); a device registration's trace holds its MQTT publish too
// (HTTP → database → broker). Without OTEL_EXPORTER_OTLP_ENDPOINT nothing of the SDK loads.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '../testing/devices';
import { openTestDatabase } from '../testing/testApp';
import { isConfiguredProduct, PRODUCT_IDS, PRODUCTS } from '@paddock/shared/domain';
import { demoKey } from '../devices/inventory';
import { tracingRequested } from './tracing';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const ADMIN_PASSWORD = 'Kq7-vT2m-Xw9p-Lr4z-tracing';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

/** An OTLP/HTTP collector stand-in: keeps every JSON export posted to /v1/traces. */
async function collector(): Promise<{ url: string; exports: OtlpExport[]; requests: string[]; close(): Promise<void> }> {
  const exports: OtlpExport[] = [];
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      if (request.url === '/v1/traces') exports.push(JSON.parse(body) as OtlpExport);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, exports, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

it('reads the standard variables: an endpoint turns tracing on, OTEL_SDK_DISABLED off, nothing set leaves it unloaded', () => {
  expect(tracingRequested({})).toBe(false);
  expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
  expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
  expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
  expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
});

it('exports the spans of a request, its database queries in the same trace, to the OTLP endpoint', async () => {
  const otlp = await collector();
  const database = onPostgres ? await openTestDatabase() : null;
  await database?.database.close(); // the server opens its own; dispose drops it afterwards
  const dataDir = onPostgres ? null : mkdtempSync(path.join(tmpdir(), 'paddock-tracing-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'serve'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(await freePort()),
      WEB_ROOT: path.join(tmpdir(), 'paddock-test-no-web-build'),
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      ADMIN_PASSWORD,
      ...(database ? { DATABASE_URL: database.databaseUrl!, DATABASE_DIRECT_URL: database.databaseDirectUrl ?? '' } : { DATA_DIR: dataDir! }),
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_SERVICE_NAME: 'paddock-tracing-test',
      // Export each batch at once rather than every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(
      () => fetch(`http://127.0.0.1:${port}/api/health`).then((reply) => reply.ok, () => child.exitCode !== null),
      (done) => done,
      240_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; the server said:\n${output}`);
    });
    expect(child.exitCode).toBeNull();

    const traceId = 'a3ce929d0e0e47364bf92f3577b34da6';
    const reply = await fetch(`http://127.0.0.1:${port}/api/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: JSON.stringify({ Email: 'admin@paddock.local', Password: ADMIN_PASSWORD }),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-request-id')).toBe(traceId);

    const spansOf = () => otlp.exports.flatMap((batch) => batch.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
    const traced = () => spansOf().filter((span) => span.traceId === traceId);
    const hasDatabaseSpan = (spans: OtlpSpan[]) => spans.some((span) => span.attributes?.some((attribute) => attribute.key === 'db.system' || attribute.key === 'db.system.name'));
    await waitFor(
      async () => traced(),
      (spans) => spans.some((span) => span.parentSpanId === '00f067aa0ba902b7') && (!onPostgres || hasDatabaseSpan(spans)),
      60_000,
    );
    const spans = traced();
    // The server's span continues the caller's trace (W3C traceparent), and the route's span is in it.
    const server = spans.find((span) => span.parentSpanId === '00f067aa0ba902b7')!;
    expect(server.name).toMatch(/^POST/);
    expect(spans.some((span) => span.name.includes('/api/sign-in'))).toBe(true);
    if (onPostgres) expect(hasDatabaseSpan(spans)).toBe(true);
    // Sent as OTLP/HTTP JSON under the configured service name; probes are not traced.
    expect(otlp.requests[0]).toMatch(/^POST \/v1\/traces application\/json/);
    const service = otlp.exports[0].resourceSpans[0].resource.attributes.find((attribute) => attribute.key === 'service.name');
    expect(service?.value.stringValue).toBe('paddock-tracing-test');
    expect(spansOf().some((span) => span.attributes?.some((attribute) => JSON.stringify(attribute.value).includes('/api/health')))).toBe(false);

    // HTTP → database → broker in one trace: registering a configured device stores it and publishes its configuration.
    const { User, Token } = (await reply.json()) as { User: { Id: string }; Token: { String: string } };
    const product = PRODUCT_IDS.find(isConfiguredProduct)!;
    const key = demoKey(product, 39);
    const registerTrace = '5b8efff798038103d269b633813fc60c';
    const registered = await fetch(`http://127.0.0.1:${port}/api/users/${User.Id}/${PRODUCTS[product].apiCollection}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', authorization: `Bearer ${Token.String}`, traceparent: `00-${registerTrace}-00f067aa0ba902b7-01` },
      body: JSON.stringify({ [PRODUCTS[product].keyField]: key, Name: 'Traced' }),
    });
    expect(registered.status).toBe(201);
    const registerSpans = await waitFor(
      async () => spansOf().filter((span) => span.traceId === registerTrace),
      (spans) => spans.some((span) => span.name === 'mqtt publish') && (!onPostgres || hasDatabaseSpan(spans)),
      60_000,
    );
    const publish = registerSpans.find((span) => span.name === 'mqtt publish')!;
    expect(publish.attributes).toContainEqual({ key: 'messaging.destination.name', value: { stringValue: `devices/${key}/down/config` } });
  } finally {
    child.kill('SIGTERM');
    await exited;
    await otlp.close();
    await database?.dispose().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}, 400_000);
