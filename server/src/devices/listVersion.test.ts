// The device list's version (migration 0016, docs/architecture/README.md#the-device-list-version): every change the
// list shows moves the ETag, whoever writes it (API, gateway, sweep, renewals, plain SQL); nothing else does; and a
// 304 carries no body and no Content-Length, so a keep-alive client reads the next reply on the same connection.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { sweepOffline } from './gateway/offlineSweep';
import { demoKey } from './inventory';
import { deviceListCacheOf } from './listCache';
import { etagMatches } from './listVersion';
import { call, createMember, setUpTestApp, type Member, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

// Demo keys 2–40 of each product are free in this file's own database; each registration takes the next.
let next = 1;
const freeKey = (product: ProductId) => demoKey(product, (next += 1));

async function register(owner: Member, product: ProductId): Promise<string> {
  const key = freeKey(product);
  const reply = await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS[product].apiCollection}`, {
    token: owner.token,
    body: { [PRODUCTS[product].keyField]: key, Name: 'Versioned' },
  });
  expect(reply.statusCode).toBe(201);
  return key;
}

const list = (member: Member, etag?: string) =>
  call(t.app, 'GET', `/api/users/${member.id}/devices`, { token: member.token, headers: etag ? { 'if-none-match': etag } : {} });

async function etagOf(member: Member): Promise<string> {
  const reply = await list(member);
  expect(reply.statusCode).toBe(200);
  return reply.headers.etag as string;
}

/** Whether `member`'s list still answers 304 to `etag`. */
const unchanged = async (member: Member, etag: string) => (await list(member, etag)).statusCode === 304;

/** Plain SQL, as any writer outside the API; then the app has heard of what it committed (listCache.ts). */
async function sql(text: string, params: unknown[] = []) {
  const rows = await t.database.withConnection((c) => c.query(text, params));
  await deviceListCacheOf(t.database)!.sync();
  return rows;
}

describe('the device list version', () => {
  it('moves for the owner on registration, rename, settings and unregistration, and not on a poll', async () => {
    const me = await createMember(t);
    const empty = await etagOf(me);
    expect(empty).toMatch(/^W\/"\d+"$/);
    expect(await unchanged(me, empty)).toBe(true);

    const key = await register(me, 'smartplug');
    expect(await unchanged(me, empty)).toBe(false);
    const registered = await etagOf(me);
    expect(await unchanged(me, registered)).toBe(true);

    await call(t.app, 'PATCH', `/api/smartplugs/${key}`, { token: me.token, body: { Name: 'Renamed' } });
    expect(await unchanged(me, registered)).toBe(false);
    const renamed = await etagOf(me);

    await call(t.app, 'DELETE', `/api/smartplugs/${key}`, { token: me.token });
    expect(await unchanged(me, renamed)).toBe(false);
  });

  it('moves for both sides when a device is shared and unshared, and when the owner’s e-mail changes', async () => {
    const [owner, friend] = [await createMember(t), await createMember(t)];
    const key = await register(owner, 'fencealarm');
    const before = await etagOf(friend);
    await call(t.app, 'PATCH', `/api/fencealarms/${key}`, { token: owner.token, body: { Access: [owner.email, friend.email] } });
    expect(await unchanged(friend, before)).toBe(false);
    const shared = await etagOf(friend);

    // The friend's list shows the owner's e-mail (Metadata.OwnerEmail).
    await sql('UPDATE users SET email = $1 WHERE id = $2', [`renamed-${owner.email}`, owner.id]);
    expect(await unchanged(friend, shared)).toBe(false);
    const renamedOwner = await etagOf(friend);

    await sql(`UPDATE devices SET access = jsonb_build_array($1::text) WHERE key = $2`, [`renamed-${owner.email}`, key]);
    expect(await unchanged(friend, renamedOwner)).toBe(false);
    expect((await list(friend)).json().Fencealarms).toEqual([]);
  });

  it('moves on any writer’s change the list shows (readings, offline, plan), and not on gateway bookkeeping', async () => {
    const me = await createMember(t);
    const key = await register(me, 'fencealarm2');
    let etag = await etagOf(me);
    const moves = async (statement: string) => {
      await sql(statement, [key]);
      const moved = !(await unchanged(me, etag));
      etag = await etagOf(me);
      return moved;
    };
    expect(await moves(`UPDATE devices SET last_seen_at = now() WHERE key = $1`)).toBe(true); // first report: Connection shows it
    expect(
      await moves(`UPDATE devices SET last_seen_at = now() + interval '1 minute', offline_at = now() + interval '1 hour' WHERE key = $1`),
    ).toBe(false);
    expect(await moves(`UPDATE devices SET config_version = config_version + 1, renewal_retry_at = now() WHERE key = $1`)).toBe(false);
    // A declined renewal is shown to the owner (Renewal, docs/product/billing.md "A declined renewal"; migration 0036).
    expect(await moves(`UPDATE devices SET renewal_attempts = 1 WHERE key = $1`)).toBe(true);
    expect(await moves(`UPDATE devices SET fields = fields || '{"Voltage": 4200}' WHERE key = $1`)).toBe(true);
    expect(await moves(`UPDATE devices SET subscription = subscription || '{"Trialing": false}' WHERE key = $1`)).toBe(true);
    expect(await moves(`UPDATE devices SET tags = '["x"]', notify = '[]' WHERE key = $1`)).toBe(true);

    // The offline sweep, as it runs.
    await sql(`UPDATE devices SET offline_at = now() - interval '1 minute' WHERE key = $1`, [key]);
    etag = await etagOf(me);
    expect(await sweepOffline(t.database.db, new Date())).toContain(key);
    await deviceListCacheOf(t.database)!.sync();
    expect(await unchanged(me, etag)).toBe(false);
  });

  it('answers 404 once the user is gone, and gives an admin the owner’s ETag', async () => {
    const me = await createMember(t);
    await register(me, 'smartplug2');
    const etag = await etagOf(me);
    const asAdmin = await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: admin, headers: { 'if-none-match': etag } });
    expect(asAdmin.statusCode).toBe(304);
    await sql('DELETE FROM users WHERE id = $1', [me.id]);
    expect((await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: admin })).statusCode).toBe(404);
  });

  it('matches If-None-Match lists, weak or strong, and *', () => {
    expect(etagMatches('W/"7"', 'W/"7"')).toBe(true);
    expect(etagMatches('"7"', 'W/"7"')).toBe(true);
    expect(etagMatches('W/"6", W/"7"', 'W/"7"')).toBe(true);
    expect(etagMatches('*', 'W/"7"')).toBe(true);
    expect(etagMatches('W/"77"', 'W/"7"')).toBe(false);
    expect(etagMatches(undefined, 'W/"7"')).toBe(false);
  });
});

describe('a 304 on a keep-alive connection', () => {
  it('has no body and no Content-Length, and the next reply follows on the same connection', async () => {
    const me = await createMember(t);
    await register(me, 'farmcam-sim');
    const etag = await etagOf(me);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const request = (extra: string) =>
      `GET /api/users/${me.id}/devices HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${me.token}\r\nConnection: keep-alive\r\n${extra}\r\n`;
    // Two requests on one connection: a client that waited for a false Content-Length would never see the second.
    socket.write(request(`If-None-Match: ${etag}\r\n`) + request(''));
    const deadline = Date.now() + 5000;
    while (!/\r\n\r\n[\s\S]*HTTP\/1\.1 200[\s\S]*\r\n\r\n\{[\s\S]*\}$/.test(received) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    socket.destroy();
    const [notModified] = received.split('HTTP/1.1 200');
    expect(notModified).toMatch(/^HTTP\/1\.1 304 /);
    expect(notModified.toLowerCase()).not.toContain('content-length');
    expect(notModified.endsWith('\r\n\r\n')).toBe(true); // headers only, not even "null"
    expect(received).toContain('HTTP/1.1 200');
    expect(received).toContain('"FarmcamSims"');
  });
});
