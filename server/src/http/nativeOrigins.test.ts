// The native app's web view calls the API from its own origin (docs/product/native-app.md): NATIVE_APP_ORIGINS are
// admitted by the same CORS as the partner pages (cors.ts); other origins still are not.
import { loadConfig, nativeAppOrigins } from '../config';
import { call, createUser, setUpTestApp, signIn, type TestApp } from '../testing/testApp';

let t: TestApp;
setUpTestApp((app) => (t = app));

describe('NATIVE_APP_ORIGINS', () => {
  it('defaults to the Capacitor origins of iOS and Android, and takes a list or off', () => {
    expect(loadConfig({}).nativeAppOrigins).toEqual(['capacitor://localhost', 'https://localhost']);
    expect(nativeAppOrigins(' Capacitor://LocalHost/ , http://localhost:8100')).toEqual(['capacitor://localhost', 'http://localhost:8100']);
    expect(loadConfig({ NATIVE_APP_ORIGINS: 'off' }).nativeAppOrigins).toEqual([]);
  });

  it.each(['localhost', 'capacitor://localhost/path', 'https://*.example.com'])('refuses %s, naming the variable', (value) => {
    expect(() => nativeAppOrigins(value)).toThrow(/NATIVE_APP_ORIGINS/);
  });
});

describe('the API from the app', () => {
  it.each(['capacitor://localhost', 'https://localhost'])('answers the preflight and the call of %s', async (origin) => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/sign-in',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);

    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    const reply = await call(t.app, 'GET', `/api/users/${user.id}`, { token, headers: { origin } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe(origin);
  });

  it('still refuses an origin nobody named', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/sign-in',
      headers: { origin: 'capacitor://evil', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
