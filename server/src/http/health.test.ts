import { APP_START_TIMEOUT_MS, call, createTestApp, type TestApp } from '../testing/testApp';
import { READY_CHECK_REUSED_MS } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: 'ok' });
  });

  it('answers 404 JSON for an unknown API route, in the caller language', async () => {
    const response = await call(t.app, 'GET', '/api/nope', { headers: { 'accept-language': 'de-DE' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ Error: 'not_found', Message: 'Nicht gefunden.' });
    expect((await call(t.app, 'POST', '/api/nope')).json()).toMatchObject({ Error: 'not_found' });
  });

  it('documents the API at /api/docs', async () => {
    const page = await call(t.app, 'GET', '/api/docs');
    expect(page.statusCode).toBe(200);
    const spec = await call(t.app, 'GET', '/api/docs/json');
    expect(spec.statusCode).toBe(200);
    const paths = spec.json<{ paths: Record<string, unknown> }>().paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/sign-in', '/api/users/{id}', '/api/admin/mailbox']));
  });
});

it("compiles every route's schemas (compiled on first use, not at start: http/deferredSchemas.ts)", () => {
  expect(t.app.deferredSchemas.pending).toBeGreaterThan(100);
  t.app.deferredSchemas.compileAll();
  expect(t.app.deferredSchemas.pending).toBe(0);
});

describe('GET /api/health/ready', () => {
  it('shares one database check between probes that come together: a flood of probes is not a flood of queries', async () => {
    // A clock READY_CHECK_REUSED_MS on, so any earlier check has expired, without waiting for it.
    const realNow = Date.now.bind(Date);
    const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + READY_CHECK_REUSED_MS);
    const execute = jest.spyOn(t.database.db, 'execute');
    try {
      const replies = await Promise.all(Array.from({ length: 20 }, () => call(t.app, 'GET', '/api/health/ready')));
      expect(replies.map((reply) => reply.statusCode)).toEqual(Array(20).fill(200));
      expect(replies[0].json()).toMatchObject({ Status: 'ok', Database: 'ok' });
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
      later.mockRestore();
    }
  });
});
