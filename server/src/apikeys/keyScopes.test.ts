// What a key of each scope may call (docs/product/api-keys.md "What a key may do"), over every operation of the OpenAPI
// document: the calls listed here answer as for the key's user; every other one, a route added later included, is
// refused with 403 api_key_scope before anything is read. The list is written out, not taken from scopes.ts, so a
// change to the allow-list shows here.
import { randomUUID } from 'node:crypto';
import type { ApiKeyScope, CreatedApiKey } from '@paddock/shared/contract';
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { device, person, type Person } from '../security/fixtures';
import { instantTimers, operationsOf, productIn, type Operation } from '../security/operations';
import { APP_START_TIMEOUT_MS, call, createTestApp, type TestApp } from '../testing/testApp';

const ALLOWED: Record<ApiKeyScope, string[]> = {
  'devices:read': [
    'GET /api/users/{id}/devices',
    'GET /api/users/{id}/devices/trends',
    'GET /api/history/retention',
    'GET /api/users/{id}/energy',
    'GET /api/farmcam-sims/{imsi}',
    'GET /api/farmcam-sims/{imsi}/data',
    'GET /api/farmcam-sims/{imsi}/remaining-data',
    'GET /api/fencealarms/{imei}',
    'GET /api/fencealarms/{imei}/voltage',
    'GET /api/fencealarm2s/{imei}',
    'GET /api/fencealarm2s/{imei}/voltage',
    'GET /api/smartplugs/{imei}',
    'GET /api/smartplugs/{imei}/consumption',
    'GET /api/smartplugs/{imei}/energy',
    'GET /api/smartplugs/{imei}/load',
    'GET /api/smartplugs/{imei}/temperature',
    'GET /api/smartplug2s/{imei}',
    'GET /api/smartplug2s/{imei}/consumption',
    'GET /api/smartplug2s/{imei}/energy',
    'GET /api/smartplug2s/{imei}/load',
  ],
  'plugs:control': [
    'PUT /api/smartplugs/{imei}/power-enabled',
    'PATCH /api/smartplugs/{imei}',
    'PUT /api/smartplugs/{imei}',
    'PATCH /api/smartplug2s/{imei}',
    'PUT /api/smartplug2s/{imei}',
  ],
};

/** The query an allowed call needs: a plug's energy bars ask for a period and its days. */
const queryOf = (operation: Operation) =>
  operation.query.some((parameter) => parameter.required) ? '?period=day&from=2026-11-01&to=2026-11-02' : '';

/** The body an allowed call sends: a switch, or an update that changes nothing. */
const bodyOf = (operation: Operation) =>
  operation.path.endsWith('/power-enabled') ? { Enabled: true } : operation.method === 'GET' ? undefined : {};

let t: TestApp;
let owner: Person;
const keys = {} as Record<ApiKeyScope, string>;
const devices = {} as Record<ProductId, string>;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({}, { timers: instantTimers });
  operations = operationsOf(t.app);
  owner = await person(t, 'integrator');
  for (const product of Object.keys(PRODUCTS) as ProductId[]) devices[product] = await device(t, owner, product);
  for (const scope of Object.keys(ALLOWED) as ApiKeyScope[]) {
    const created = await call(t.app, 'POST', `/api/users/${owner.id}/api-keys`, {
      token: owner.token,
      body: { Name: scope, Scopes: [scope] },
    });
    keys[scope] = created.json<CreatedApiKey>().Key;
  }
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

/** The operation's path on the owner's account and device; a parameter naming nothing of theirs gets a fresh id. */
const pathOf = (operation: Operation) => {
  const key = devices[productIn(operation.path) ?? 'smartplug'];
  const values: Record<string, string> = {
    id: owner.id,
    imei: key,
    imsi: key,
    key,
    serial: key,
    product: productIn(operation.path) ?? 'smartplug',
  };
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? randomUUID()));
};

it('lists only operations the document has', () => {
  const ids = new Set(operations.map((operation) => operation.id));
  expect(
    Object.values(ALLOWED)
      .flat()
      .filter((id) => !ids.has(id)),
  ).toEqual([]);
});

describe.each(Object.keys(ALLOWED) as ApiKeyScope[])('a key with only %s', (scope) => {
  it('is served on its calls and refused (403 api_key_scope) on every other operation', async () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const response = await call(t.app, operation.method, `${pathOf(operation)}${queryOf(operation)}`, {
        token: keys[scope],
        body: bodyOf(operation),
      });
      const refused = response.statusCode === 403 && response.json<{ Error?: string }>().Error === 'api_key_scope';
      const allowed = ALLOWED[scope].includes(operation.id);
      // An allowed call answers as it would the owner: 2xx, or 408 for a switch no plug answers here.
      const served = response.statusCode < 300 || (operation.path.endsWith('/power-enabled') && response.statusCode === 408);
      if (allowed ? !served : !refused) problems.push(`${operation.id}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });
});

it('refuses a key outside the document too: a public route, a sign-in, a path with no route', async () => {
  const read = keys['devices:read'];
  expect((await call(t.app, 'GET', '/api/health', { token: read })).statusCode).toBe(403);
  expect((await call(t.app, 'POST', '/api/sign-in', { token: read, body: { Email: 'x@example.com', Password: 'y' } })).statusCode).toBe(
    403,
  );
  expect((await call(t.app, 'GET', '/api/no-such-route', { token: read })).statusCode).toBe(403);
});
