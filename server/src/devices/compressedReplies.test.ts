// API replies compressed by Accept-Encoding (http/compression.ts): the dashboard's device list of a big farm, its 304,
// the build's pre-compressed files left as they are, and a CSV export that still streams over real HTTP.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRODUCT_IDS, PRODUCTS, withSystemTags } from '@paddock/shared/domain';
import { COMPRESSED_TYPES } from '../http/compression';
import { waitFor } from '../testing/devices';
import { call, createMember, createTestApp, fakeWebRoot, type Member, type TestApp } from '../testing/testApp';
import { initialFields, initialSubscription } from './representation';

const DEVICES = 306;
let t: TestApp;
let farmer: Member;

/** `DEVICES` registered devices of `owner`, written as a registration makes them (as scripts/benchDashboard.ts does). */
async function seedDevices(owner: Member): Promise<void> {
  const perProduct = Math.ceil(DEVICES / PRODUCT_IDS.length);
  let left = DEVICES;
  await t.database.withConnection(async (c) => {
    for (const [i, product] of PRODUCT_IDS.entries()) {
      const count = Math.min(perProduct, left);
      left -= count;
      const key = `(${930_000_000_000_000 + i * 1_000_000}::bigint + n)::text`;
      await c.query(`INSERT INTO inventory (key, product, secret_hash, created_at) SELECT ${key}, '${product}', 'not-a-secret', now() FROM generate_series(1, ${count}) n`);
      await c.query(
        `INSERT INTO devices (key, product, owner_id, name, tags, access, notify, fields, subscription, registered_at, updated_at)
         SELECT ${key}, '${product}', $1, $2 || ' ' || lpad(n::text, 3, '0'), $3::jsonb, $4::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, now(), now()
         FROM generate_series(1, ${count}) n`,
        [
          owner.id,
          PRODUCTS[product].name,
          JSON.stringify(withSystemTags(product, owner.email, ['Home farm'])),
          JSON.stringify([owner.email]),
          JSON.stringify(initialFields(product)),
          JSON.stringify(initialSubscription(new Date())),
        ],
      );
    }
  });
}

beforeAll(async () => {
  t = await createTestApp({
    webRoot: await fakeWebRoot({
      'mfe-account/dist/mf-manifest.json': JSON.stringify({ name: 'account', padding: 'x'.repeat(4000) }),
      'mfe-account/dist/mf-manifest.json.br': 'brotli bytes of the manifest',
    }),
  });
  farmer = await createMember(t);
  await seedDevices(farmer);
  // A database start and 306 devices: minutes on a busy 2-core machine shared with other test runs.
}, 300_000);
afterAll(() => t.close());

const devicesUrl = () => `/api/users/${farmer.id}/devices`;

describe('the device list of a 306-device farm', () => {
  it('is compressed with brotli or gzip as the browser accepts, to a fraction of its size, the same JSON', async () => {
    const plain = await call(t.app, 'GET', devicesUrl(), { token: farmer.token });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = plain.json() as Record<string, unknown[]>;
    expect(Object.values(list).flat()).toHaveLength(DEVICES);
    const size = plain.rawPayload.length;
    expect(size).toBeGreaterThan(100_000);

    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // Beside the plain reply of the same list version: a background job (trials, the offline sweep) may change a
      // device between two calls, and then both the version and the JSON move on.
      const [response, same] = await waitFor(
        async () => {
          const compressed = await call(t.app, 'GET', devicesUrl(), { token: farmer.token, headers: { 'accept-encoding': accept } });
          return [compressed, await call(t.app, 'GET', devicesUrl(), { token: farmer.token })] as const;
        },
        ([compressed, uncompressed]) => compressed.statusCode !== 200 || compressed.headers.etag === uncompressed.headers.etag,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers.etag).toBe(same.headers.etag);
      expect(response.rawPayload.length).toBeLessThan(size / 5);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(same.json());
    }
  });

  it('still answers a poll with the same version 304 without a body, whatever the encoding', async () => {
    const first = await call(t.app, 'GET', devicesUrl(), { token: farmer.token, headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    // Weak: the same list in any encoding (devices/listVersion.ts).
    expect(etag).toMatch(/^W\//);
    const poll = await call(t.app, 'GET', devicesUrl(), { token: farmer.token, headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag } });
    expect(poll.statusCode).toBe(304);
    expect(poll.rawPayload.length).toBe(0);
    expect(poll.headers['content-encoding']).toBeUndefined();
    expect(poll.headers['content-length']).toBeUndefined();
  });
});

describe('what is not compressed', () => {
  it('a reply under 1 KB', async () => {
    const response = await call(t.app, 'GET', '/api/unknown', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ Error: 'not_found' });
  });

  it("a built file's pre-compressed copy: sent as the build made it, not compressed again", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/remotes/account/mf-manifest.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toBe('brotli bytes of the manifest');
  });

  it.each([
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['text/csv; charset=utf-8', true],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['text/javascript; charset=utf-8', false],
    ['text/event-stream', false],
    ['application/jsonp', false],
  ])('type %s compressed: %s', (type, compressed) => {
    expect(COMPRESSED_TYPES.test(type)).toBe(compressed);
  });
});

describe('a CSV export', () => {
  const MINUTES = 60_000;
  let key: string;
  beforeAll(async () => {
    const owner = farmer;
    const rows = await t.database.withConnection((c) =>
      c.query<{ key: string }>(`SELECT key FROM devices WHERE owner_id = $1 AND product = 'fencealarm' ORDER BY key LIMIT 1`, [owner.id]),
    );
    key = rows[0].key;
    // Registered before the readings: an export reads nothing from before a device's registration.
    await t.database.withConnection((c) => c.query(`UPDATE devices SET registered_at = '2000-01-01T00:00:00Z' WHERE key = $1`, [key]));
    await t.database.withConnection(
      (c) =>
        c.query(
          `INSERT INTO device_readings (key, at, data)
           SELECT $1, '2024-03-01T00:00:00Z'::timestamptz + i * interval '1 minute', jsonb_build_object('Voltage', 5000 + (i * 7919) % 1000, 'Battery', 3.7, 'Rssi', -70)
           FROM generate_series(0, $2 - 1) AS i`,
          [key, MINUTES],
        ),
      { unbounded: true },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);

  it('streams compressed over HTTP (chunked, no length up front) and unpacks to every row', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const query = new URLSearchParams({ from: '2024-03-01T00:00:00.000Z', to: '2024-06-01T00:00:00.000Z', format: 'csv' });
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `/api/${PRODUCTS.fencealarm.apiCollection}/${key}/voltage?${query}`,
          headers: { authorization: `Bearer ${farmer.token}`, 'accept-encoding': 'gzip' },
        },
        resolve,
      )
        .on('error', reject)
        .end(),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="fencealarm-[0-9]+-voltage-[0-9-]+-to-[0-9-]+\.csv"$/);
    // 'data' events, one per piece as it arrives (an async iterator would join what has arrived meanwhile).
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', resolve).on('error', reject));
    // Sent as it is made: in pieces, not one buffer at the end.
    expect(chunks.length).toBeGreaterThan(1);
    const text = gunzipSync(Buffer.concat(chunks)).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Timestamp,Local time (UTC),Voltage (V)');
    expect(lines).toHaveLength(MINUTES + 2); // the header, the rows, and '' after the last line break
    const last = new Date(Date.parse('2024-03-01T00:00:00Z') + (MINUTES - 1) * 60_000);
    expect(lines[MINUTES]).toBe(`${last.toISOString()},${last.toISOString().slice(0, 19).replace('T', ' ')},${5000 + (((MINUTES - 1) * 7919) % 1000)}`);
  });
});
