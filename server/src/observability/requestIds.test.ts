// Request ids and the request log (docs/operations/monitor.md#logs), read from the app's real log stream: the id is
// the caller's X-Request-Id when plain enough, else the trace id of traceparent, else a fresh UUID; it goes back in
// X-Request-Id and is on every line of the request; one line per request, at debug for a poll answered 304 and for
// the probes.
import { localPaymentProvider, PaymentDeclinedError, type PaymentProvider } from '../billing/payments';
import { call, createMember, createTestApp, type Member, type TestApp } from '../testing/testApp';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

const INFO = 30;
const DEBUG = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const lines: Line[] = [];
let t: TestApp;
let member: Member;
/** Declines every charge: a purchase then logs "payment declined" on the request's logger (billing/purchases.ts). */
const declining: PaymentProvider = {
  ...localPaymentProvider(() => new Date()),
  async charge() {
    throw new PaymentDeclinedError('card declined');
  },
};

beforeAll(async () => {
  t = await createTestApp(
    { logLevel: 'debug', metricsToken: 'request-ids-metrics-token' },
    { payments: declining, logStream: { write: (line) => lines.push(JSON.parse(line) as Line) } },
  );
  member = await createMember(t);
}, 120_000);
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

it('keeps a plain X-Request-Id, sends it back, and puts it on the one line of the request', async () => {
  const reply = await call(t.app, 'GET', '/api/token', { token: member.token, headers: { 'x-request-id': 'proxy-7f3a.19:2' } });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['x-request-id']).toBe('proxy-7f3a.19:2');
  const own = linesOf('proxy-7f3a.19:2');
  expect(own).toHaveLength(1);
  expect(own[0]).toMatchObject({ level: INFO, msg: 'request completed', req: { method: 'GET', url: '/api/token' }, res: { statusCode: 200 } });
  expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
});

it("puts the id on every line a request logs, the route's own included; a declined payment is counted", async () => {
  const reply = await call(t.app, 'POST', `/api/users/${member.id}/sms`, { token: member.token, headers: { 'x-request-id': 'purchase-1' } });
  expect(reply.statusCode).toBe(402);
  expect(reply.headers['x-request-id']).toBe('purchase-1');
  expect(linesOf('purchase-1').map((line) => [line.level, line.msg])).toEqual([
    [40, 'payment declined'],
    [INFO, 'request completed'],
  ]);
  // No line of the request without its id.
  expect(lines.filter((line) => line.msg === 'payment declined' || line.req?.url === `/api/users/${member.id}/sms`).every((line) => line.reqId === 'purchase-1')).toBe(true);
  const metrics = await call(t.app, 'GET', '/metrics', { headers: { authorization: 'Bearer request-ids-metrics-token' } });
  expect(metrics.body).toContain('paddock_payments_failed_total{reason="declined"} 1\n');
});

it('refuses an X-Request-Id that is not plain (too long, spaces, control characters) and makes a UUID instead', async () => {
  const seen = new Set<string>();
  for (const given of ['a'.repeat(129), 'two words', 'semi;colon', '{"json":1}']) {
    const reply = await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': given } });
    const id = String(reply.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(lines.some((line) => line.reqId === given)).toBe(false);
    seen.add(id);
  }
  // Not a per-process counter: every id differs.
  expect(seen.size).toBe(4);
});

it("takes traceparent's trace id when no X-Request-Id is given; a malformed traceparent gets a UUID", async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const traced = await call(t.app, 'GET', '/api/health', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
  expect(traced.headers['x-request-id']).toBe(traceId);
  expect(linesOf(traceId)).toHaveLength(1);
  for (const traceparent of [`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, `ff-${traceId}-00f067aa0ba902b7-01`, `00-${traceId}-01`]) {
    expect(String((await call(t.app, 'GET', '/api/health', { headers: { traceparent } })).headers['x-request-id'])).toMatch(UUID);
  }
  // X-Request-Id wins over traceparent.
  const both = await call(t.app, 'GET', '/api/health', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'edge-1' } });
  expect(both.headers['x-request-id']).toBe('edge-1');
});

it('logs a poll answered 304 and the probes at debug, a poll with news at info', async () => {
  const list = (etag?: string) =>
    call(t.app, 'GET', `/api/users/${member.id}/devices`, { token: member.token, headers: etag ? { 'if-none-match': etag } : {} });
  const first = await list();
  expect(first.statusCode).toBe(200);
  const poll = await list(String(first.headers.etag));
  expect(poll.statusCode).toBe(304);
  await call(t.app, 'GET', '/api/health');
  await call(t.app, 'GET', '/api/health/ready');
  await call(t.app, 'GET', '/metrics');

  const completed = lines.filter((line) => line.msg === 'request completed');
  const levelOf = (id: string) => completed.filter((line) => line.reqId === id).map((line) => line.level);
  expect(levelOf(String(first.headers['x-request-id']))).toEqual([INFO]);
  expect(levelOf(String(poll.headers['x-request-id']))).toEqual([DEBUG]);
  const probes = completed.filter((line) => ['/api/health', '/api/health/ready', '/metrics'].includes(line.req!.url));
  expect(probes.map((line) => line.level)).toEqual([DEBUG, DEBUG, DEBUG]);
  // One line per request: five requests, five lines.
  expect(completed).toHaveLength(5);
});
