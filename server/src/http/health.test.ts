import { call, createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
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
