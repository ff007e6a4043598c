// API_DOCS (docs/configuration.md): off, /api/docs and its JSON answer 404, while the OpenAPI document is still built
// (the security tests walk it through app.swagger()).
import { call, createTestApp } from '../testing/testApp';

it.each([
  [true, 200],
  [false, 404],
])('with API_DOCS %s, /api/docs and /api/docs/json answer %s', async (apiDocs, status) => {
  const t = await createTestApp({ apiDocs });
  try {
    expect((await call(t.app, 'GET', '/api/docs/json')).statusCode).toBe(status);
    const page = await call(t.app, 'GET', '/api/docs');
    expect(apiDocs ? [200, 302] : [404]).toContain(page.statusCode);
    expect(Object.keys((t.app.swagger() as { paths: object }).paths).length).toBeGreaterThan(20);
  } finally {
    await t.close();
  }
  // A whole app with its own database and the docs UI, built in the test: seconds on a loaded 2-core machine.
}, 30_000);
