// API keys (docs/product/api-keys.md) on a real database and over real HTTP injection: making, listing and revoking
// keys, the key shown once, what each scope may call (a real plug switched over MQTT), revoked and unknown keys,
// other people's keys, last use, impersonation and the log.
import type { ApiKeyList, CreatedApiKey, ErrorReply, Smartplug } from '@paddock/shared/contract';
import { API_KEYS_MAX } from '@paddock/shared/contract';
import type { MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { apiKeys, devices } from '../db/schema';
import { plugTakingCommands } from '../testing/devices';
import {
  adminToken,
  APP_START_TIMEOUT_MS,
  call,
  createMember,
  createTestApp,
  withRateLimit,
  type Member,
  type TestApp,
} from '../testing/testApp';
import { LAST_USED_RESOLUTION_MS } from './keys';

const lines: string[] = [];
let t: TestApp;
const clients: MqttClient[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { host: '127.0.0.1', mqttPort: 0, mqttUrl: null, logLevel: 'trace' },
    { devices: true, logStream: { write: (line) => lines.push(line) } },
  );
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

const keysPath = (user: { id: string }) => `/api/users/${user.id}/api-keys`;

async function createKey(owner: Member, name: string, scopes: string[]): Promise<CreatedApiKey> {
  const response = await call(t.app, 'POST', keysPath(owner), { token: owner.token, body: { Name: name, Scopes: scopes } });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedApiKey>();
}

const listOf = async (owner: Member) => (await call(t.app, 'GET', keysPath(owner), { token: owner.token })).json<ApiKeyList>().Keys;
const errorOf = (response: { json<T>(): T }) => response.json<ErrorReply>();

/** Demo plugs 55 and 56 of each product are this feature's (tests/e2e/api-keys.spec.ts uses them too, on its own database). */
let plugNumber = 54;
async function plugOnline() {
  const plug = await plugTakingCommands(t, 'smartplug', ++plugNumber);
  clients.push(plug.client);
  return plug;
}

describe('making, listing and revoking keys', () => {
  it('shows the key once: the answer to POST has it, the list never has the secret', async () => {
    const owner = await createMember(t);
    const created = await createKey(owner, ' Home Assistant ', ['devices:read']);
    expect(created).toMatchObject({ Name: 'Home Assistant', Scopes: ['devices:read'], LastUsedAt: null });
    expect(created.Key).toMatch(/^pdk_[0-9a-f]{12}_[0-9a-f]{64}$/);
    expect(created.Key.startsWith(`${created.Prefix}_`)).toBe(true);

    const list = await call(t.app, 'GET', keysPath(owner), { token: owner.token });
    expect(list.statusCode).toBe(200);
    expect(list.json<ApiKeyList>().Keys).toEqual([
      {
        Id: created.Id,
        Name: 'Home Assistant',
        Prefix: created.Prefix,
        Scopes: ['devices:read'],
        CreatedAt: created.CreatedAt,
        LastUsedAt: null,
      },
    ]);
    expect(list.body).not.toContain(created.Key.split('_')[2]);
    // Nor does the database keep it.
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.Id));
    expect(JSON.stringify(row)).not.toContain(created.Key.split('_')[2]);
  });

  it('refuses a blank or long name, unknown or no scopes (400 naming the field), a name in use and more than the limit (409)', async () => {
    const owner = await createMember(t);
    const post = (body: unknown) => call(t.app, 'POST', keysPath(owner), { token: owner.token, body });
    for (const [body, field] of [
      [{ Name: '   ', Scopes: ['devices:read'] }, 'Name'],
      [{ Name: 'x'.repeat(61), Scopes: ['devices:read'] }, 'Name'],
      [{ Scopes: ['devices:read'] }, 'Name'],
      [{ Name: 'Ok', Scopes: ['account:write'] }, 'Scopes'],
      [{ Name: 'Ok', Scopes: [] }, 'Scopes'],
      [{ Name: 'Ok', Scopes: ['devices:read', 'devices:read'] }, 'Scopes'],
    ] as const) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).Field).toMatch(new RegExp(`^${field}`));
    }
    await createKey(owner, 'Barn', ['devices:read']);
    const same = await post({ Name: 'Barn', Scopes: ['plugs:control'] });
    expect(same.statusCode).toBe(409);
    expect(errorOf(same)).toMatchObject({ Error: 'api_key_name_taken', Field: 'Name' });

    for (let n = 1; n < API_KEYS_MAX; n += 1) await createKey(owner, `Key ${n}`, ['devices:read']);
    const over = await post({ Name: 'One more', Scopes: ['devices:read'] });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).Error).toBe('api_key_limit_reached');
    // A revoked key frees its place and its name.
    const barn = (await listOf(owner)).find((key) => key.Name === 'Barn')!;
    expect((await call(t.app, 'DELETE', `${keysPath(owner)}/${barn.Id}`, { token: owner.token })).statusCode).toBe(204);
    await createKey(owner, 'Barn', ['plugs:control']);
  });

  it('revokes: the key is gone from the list and refused (401) from the next request on; revoking again is 404', async () => {
    const owner = await createMember(t);
    const created = await createKey(owner, 'Script', ['devices:read']);
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: created.Key })).statusCode).toBe(200);
    const revoked = await call(t.app, 'DELETE', `${keysPath(owner)}/${created.Id}`, { token: owner.token });
    expect(revoked.statusCode).toBe(204);
    expect(await listOf(owner)).toEqual([]);
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: created.Key })).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', `${keysPath(owner)}/${created.Id}`, { token: owner.token })).statusCode).toBe(404);
  });

  it("keeps another account's keys private: 403 to others, 404 for a key of another account; staff list and revoke but never make one", async () => {
    const [owner, stranger] = [await createMember(t), await createMember(t)];
    const created = await createKey(owner, 'Mine', ['devices:read']);
    expect((await call(t.app, 'GET', keysPath(owner), { token: stranger.token })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'POST', keysPath(owner), { token: stranger.token, body: { Name: 'Theirs', Scopes: ['devices:read'] } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `${keysPath(owner)}/${created.Id}`, { token: stranger.token })).statusCode).toBe(403);
    // Under the stranger's own path the owner's key is not theirs.
    expect((await call(t.app, 'DELETE', `${keysPath(stranger)}/${created.Id}`, { token: stranger.token })).statusCode).toBe(404);

    const admin = await adminToken(t);
    expect((await call(t.app, 'GET', keysPath(owner), { token: admin })).json<ApiKeyList>().Keys.map((key) => key.Id)).toEqual([
      created.Id,
    ]);
    expect(
      (await call(t.app, 'POST', keysPath(owner), { token: admin, body: { Name: 'Staff', Scopes: ['devices:read'] } })).statusCode,
    ).toBe(403);
    const impersonating = { 'paddock-impersonating': owner.id };
    expect(
      (
        await call(t.app, 'POST', keysPath(owner), {
          token: admin,
          headers: impersonating,
          body: { Name: 'Staff', Scopes: ['devices:read'] },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `${keysPath(owner)}/${created.Id}`, { token: admin })).statusCode).toBe(204);
  });
});

describe('calling the API with a key', () => {
  it('devices:read reads devices and their history, and nothing else: no switching, no account, no keys', async () => {
    const plug = await plugOnline();
    const { Key } = await createKey(plug.owner, 'Reader', ['devices:read']);
    const as = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      call(t.app, method, url, { token: Key, body });

    expect((await as('GET', `/api/users/${plug.owner.id}/devices`)).statusCode).toBe(200);
    const one = await as('GET', plug.path);
    expect(one.statusCode).toBe(200);
    expect(one.json<Smartplug>().Imei).toBe(plug.key);
    expect((await as('GET', `${plug.path}/load`)).statusCode).toBe(200);
    expect((await as('GET', `${plug.path}/consumption?format=csv`)).statusCode).toBe(200);

    for (const [method, url, body] of [
      ['PUT', `${plug.path}/power-enabled`, { Enabled: false }],
      ['PATCH', plug.path, { Timer: { Enabled: false, On: [], Off: [] } }],
      ['GET', `/api/users/${plug.owner.id}`],
      ['PATCH', `/api/users/${plug.owner.id}`, { Locale: 'de-DE' }],
      ['GET', `/api/users/${plug.owner.id}/billing`],
      ['POST', `${plug.path}/plan`, { PriceId: '' }],
      ['GET', keysPath(plug.owner)],
      ['POST', keysPath(plug.owner), { Name: 'Another', Scopes: ['devices:read'] }],
      ['DELETE', plug.path],
      ['GET', '/api/session'],
      ['DELETE', `/api/users/${plug.owner.id}`, { Password: plug.owner.password }],
    ] as const) {
      const response = await as(method, url, body);
      expect([`${method} ${url}`, response.statusCode, errorOf(response).Error]).toEqual([`${method} ${url}`, 403, 'api_key_scope']);
    }
    expect(plug.commands()).toEqual([]);
    // Still there: the account and the plug.
    expect((await call(t.app, 'GET', plug.path, { token: plug.owner.token })).statusCode).toBe(200);
  });

  it('plugs:control switches a plug (acknowledged over MQTT) and sets its timer, but may not rename it nor read it', async () => {
    const plug = await plugOnline();
    const { Key } = await createKey(plug.owner, 'Controller', ['plugs:control']);
    const switching = call(t.app, 'PUT', `${plug.path}/power-enabled`, { token: Key, body: { Enabled: false } });
    const [command] = await plug.sent(1);
    expect(command).toMatchObject({ Command: 'set-power', Enabled: false });
    await plug.ack(command);
    const switched = await switching;
    expect(switched.statusCode).toBe(200);
    expect(switched.json<Smartplug>().PowerEnabled).toBe(false);

    const timer = { Enabled: true, On: ['30 6 1,2,3,4,5'], Off: ['0 18 1,2,3,4,5'], TimeZone: 'UTC' };
    const timed = await call(t.app, 'PATCH', plug.path, { token: Key, body: { Timer: timer } });
    expect(timed.statusCode).toBe(200);
    expect(timed.json<Smartplug>().Timer).toMatchObject(timer);

    const renamed = await call(t.app, 'PATCH', plug.path, { token: Key, body: { Timer: timer, Name: 'Mine now' } });
    expect(renamed.statusCode).toBe(403);
    expect(errorOf(renamed)).toMatchObject({ Error: 'api_key_scope', Field: 'Name' });
    const [row] = await t.database.db.select().from(devices).where(eq(devices.key, plug.key));
    expect(row.name).toBe('Heater');
    expect((await call(t.app, 'GET', plug.path, { token: Key })).statusCode).toBe(403);
  });

  it("inherits the user's access: a shared user's key reads the shared plug, a stranger's key learns nothing (404)", async () => {
    const plug = await plugOnline();
    const [partner, stranger] = [await createMember(t), await createMember(t)];
    await t.database.db
      .update(devices)
      .set({ access: [plug.owner.email, partner.email] })
      .where(eq(devices.key, plug.key));
    const partnerKey = (await createKey(partner, 'Partner', ['devices:read'])).Key;
    const strangerKey = (await createKey(stranger, 'Stranger', ['devices:read'])).Key;
    expect((await call(t.app, 'GET', plug.path, { token: partnerKey })).statusCode).toBe(200);
    const list = await call(t.app, 'GET', `/api/users/${partner.id}/devices`, { token: partnerKey });
    expect(list.body).toContain(plug.key);
    expect((await call(t.app, 'GET', plug.path, { token: strangerKey })).statusCode).toBe(404);
    // Nor another account's list.
    expect((await call(t.app, 'GET', `/api/users/${plug.owner.id}/devices`, { token: strangerKey })).statusCode).toBe(403);
  });

  it('refuses unknown, malformed and altered keys (401), and impersonation with a key (403)', async () => {
    const owner = await createMember(t);
    const { Key } = await createKey(owner, 'Real', ['devices:read']);
    const altered = Key.slice(0, -1) + (Key.endsWith('0') ? '1' : '0');
    for (const token of [altered, 'pdk_000000000000_' + '0'.repeat(64), 'pdk_nonsense']) {
      expect((await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token })).statusCode).toBe(401);
    }
    const impersonating = await call(t.app, 'GET', `/api/users/${owner.id}/devices`, {
      token: Key,
      headers: { 'paddock-impersonating': owner.id },
    });
    expect(impersonating.statusCode).toBe(403);
  });

  it('counts wrong keys per client address like failed sign-ins: 429 once over, while a valid key still works', async () => {
    const owner = await createMember(t);
    const { Key } = await createKey(owner, 'Good', ['devices:read']);
    const wrong = `pdk_${'0'.repeat(12)}_${'1'.repeat(64)}`;
    const list = (token: string) => call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token, ip: '203.0.113.7' });
    await withRateLimit(t, 'signIn', { perEmail: 10, perIp: 2 }, async () => {
      expect((await list(wrong)).statusCode).toBe(401);
      expect((await list(wrong)).statusCode).toBe(401);
      const over = await list(wrong);
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      expect((await list(Key)).statusCode).toBe(200);
    });
  });

  it('records the last use, at most once a minute', async () => {
    const owner = await createMember(t);
    const created = await createKey(owner, 'Poller', ['devices:read']);
    const used = async () => (await listOf(owner))[0].LastUsedAt;
    await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: created.Key });
    const first = await used();
    expect(first).not.toBeNull();
    t.clock.advance(LAST_USED_RESOLUTION_MS / 2);
    await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: created.Key });
    expect(await used()).toBe(first);
    t.clock.advance(LAST_USED_RESOLUTION_MS);
    await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: created.Key });
    expect(new Date((await used())!).getTime()).toBeGreaterThan(new Date(first!).getTime());
  });

  it('keeps the key out of the log', async () => {
    const owner = await createMember(t);
    lines.length = 0;
    const { Key } = await createKey(owner, 'Secret', ['devices:read']);
    await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: Key });
    await call(t.app, 'GET', `/api/users/${owner.id}`, { token: Key });
    const log = lines.join('');
    expect(log).toContain('/api-keys');
    expect(log).not.toContain(Key.split('_')[2]);
  });
});
