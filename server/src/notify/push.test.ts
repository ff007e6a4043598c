// Web Push end to end on a real database and real HTTPS: browsers register their subscriptions, an alarm becomes one
// push job per browser, and the worker posts it to a push service running here, which checks the VAPID signature
// and decrypts the message with the browser's private key (RFC 8291, written out below independently of web-push).
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, hkdfSync, randomBytes, verify, createDecipheriv, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCTS, type PushMessage } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices, jobs, users } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { fenceReading } from '../testing/devices';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, createUser, signIn, type TestApp } from '../testing/testApp';
import { loadConfig } from '../config';
import { createMailer } from './mail';
import { isAllowedPushEndpoint, isPublicAddress, loadVapidKeys, webPushTransport, type Resolver } from './push';
import { outboxSmsProvider } from './sms';
import { runDueJobs, type WorkerDeps } from './worker';

/** What the push service here was sent. */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser: its P-256 key pair and auth secret, and the subscription it registers. */
interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  endpoint: string;
  token: string;
}

/** A host name that, like one an attacker points at a network's inside, resolves to 127.0.0.1. */
const INSIDE_HOST = 'push.inside.example';

let t: TestApp;
let pushService: Server;
let origin: string;
let cert: Buffer;
let certDir: string;
const received: Received[] = [];
/** TCP connections the push service here was opened: a refused endpoint must not even connect. */
let connections = 0;

beforeAll(async () => {
  // A push service with its own certificate, which the worker's TLS agent (and nothing else) trusts.
  certDir = mkdtempSync(path.join(tmpdir(), 'paddock-push-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', path.join(certDir, 'key.pem'), '-out', path.join(certDir, 'cert.pem'),
    '-subj', '/CN=127.0.0.1', '-addext', `subjectAltName=IP:127.0.0.1,DNS:${INSIDE_HOST}`,
  ], { stdio: 'ignore' });
  cert = readFileSync(path.join(certDir, 'cert.pem'));
  pushService = createServer({ key: readFileSync(path.join(certDir, 'key.pem')), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      // Like a real push service: 201 taken, 410 for a subscription that is gone, 500 when it is having a bad day.
      response.statusCode = request.url?.endsWith('/gone') ? 410 : request.url?.endsWith('/broken') ? 500 : 201;
      response.end();
    });
  });
  pushService.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const port = (pushService.address() as { port: number }).port;
  origin = `https://127.0.0.1:${port}`;
  t = await createTestApp({ pushServiceHosts: [`127.0.0.1:${port}`] });
}, APP_START_TIMEOUT_MS);

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
  rmSync(certDir, { recursive: true, force: true });
});

beforeEach(async () => {
  received.length = 0;
  await t.database.db.delete(jobs);
});

const db = () => t.database.db;

function newBrowser(pathname = `/push/${randomBytes(6).toString('hex')}`): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${origin}${pathname}`;
  const token = JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } });
  return { ecdh, auth, endpoint, token };
}

async function deps(): Promise<WorkerDeps> {
  const keys = await loadVapidKeys(db(), t.config);
  return {
    db: db(),
    mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log }),
    sms: outboxSmsProvider(db(), t.clock.now, t.app.log),
    // The push service here is on 127.0.0.1: only the tests' escape reaches it.
    push: webPushTransport({ keys, subject: t.config.vapidSubject, allowedHosts: t.config.pushServiceHosts, log: t.app.log, ca: cert, allowPrivateAddressesForTests: true }),
    now: t.clock.now,
    log: t.app.log,
    publicUrl: t.config.publicUrl,
  };
}

/** RFC 8291 (aes128gcm): what the browser with this key pair and secret reads from a push message's body. */
function decrypt(browser: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends in 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): signed with the server's key, for this push service's origin. */
function expectVapid(headers: Received['headers'], publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match).not.toBeNull();
  const [, jwt, key] = match!;
  expect(key).toBe(publicKey);
  const [header, claims, signature] = jwt.split('.');
  expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: origin, sub: t.config.vapidSubject });
  const point = Buffer.from(publicKey, 'base64url');
  const verifier = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
}

async function register(userId: string, token: string, browser: Pick<Browser, 'token'>) {
  return call(t.app, 'POST', `/api/users/${userId}/device-tokens`, { token, body: { Token: browser.token } });
}

let next = 30;
/** A FenceAlarm with its voltage alarm on, owned by a user who speaks `locale`. */
async function fenceOf(user: { id: string; email: string; password: string }) {
  next += 1;
  const key = demoKey('fencealarm', next);
  const token = await signIn(t, user.email, user.password);
  const registered = await call(t.app, 'POST', `/api/users/${user.id}/${PRODUCTS.fencealarm.apiCollection}`, { token, body: { Imei: key, Name: `Koppel ${next}` } });
  expect(registered.statusCode).toBe(201);
  const [row] = await db().select().from(devices).where(eq(devices.key, key));
  await db()
    .update(devices)
    .set({ fields: { ...row.fields, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 } } })
    .where(eq(devices.key, key));
  return { key, name: `Koppel ${next}` };
}


const tokensOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0].pushTokens;

describe('POST /users/{id}/device-tokens', () => {
  it('registers a browser; the same browser again replaces its old subscription', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    const browser = newBrowser();
    const first = await register(user.id, token, browser);
    expect(first.statusCode).toBe(200);
    expect(first.json().PushNotifications.Tokens).toHaveLength(1);
    const renewed = { ...newBrowser(), endpoint: browser.endpoint };
    renewed.token = JSON.stringify({ ...JSON.parse(renewed.token), endpoint: browser.endpoint });
    const again = await register(user.id, token, renewed);
    expect(again.statusCode).toBe(200);
    expect(again.json().PushNotifications.Tokens).toEqual([JSON.stringify({ endpoint: browser.endpoint, keys: JSON.parse(renewed.token).keys })]);
  });

  it('moves a browser to the account that registers it last: the one before gets no more alarms on it', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const shared = newBrowser();
    const own = newBrowser();
    await register(first.id, await signIn(t, first.email, first.password), shared);
    await register(first.id, await signIn(t, first.email, first.password), own);
    expect((await register(second.id, await signIn(t, second.email, second.password), shared)).statusCode).toBe(200);
    expect((await tokensOf(first.id)).map((text) => JSON.parse(text).endpoint)).toEqual([own.endpoint]);
    expect((await tokensOf(second.id)).map((text) => JSON.parse(text).endpoint)).toEqual([shared.endpoint]);
  });

  it.each([
    ['not a subscription', 'an-fcm-registration-token', 'invalid_push_token'],
    ['a subscription with broken keys', JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'AAAA', auth: 'AAAA' } }), 'invalid_push_token'],
    ['a push service nobody allowed', JSON.stringify({ ...JSON.parse(newBrowser().token), endpoint: 'https://169.254.169.254/latest' }), 'push_service_not_allowed'],
    ['another port of the allowed host', JSON.stringify({ ...JSON.parse(newBrowser().token), endpoint: 'https://127.0.0.1:1/push' }), 'push_service_not_allowed'],
  ])('refuses %s with 400 naming Token', async (_what, Token, code) => {
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    const response = await call(t.app, 'POST', `/api/users/${user.id}/device-tokens`, { token, body: { Token } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: 'Token' });
    expect(await tokensOf(user.id)).toEqual([]);
  });

  it('is for the account holder only: not another user, not staff (their browser would get the alarms)', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const otherToken = await signIn(t, other.email, other.password);
    expect((await call(t.app, 'POST', `/api/users/${user.id}/device-tokens`, { body: { Token: newBrowser().token } })).statusCode).toBe(401);
    expect((await register(user.id, otherToken, newBrowser())).statusCode).toBe(403);
    expect((await register(user.id, await adminToken(t), newBrowser())).statusCode).toBe(403);
    const missing = await call(t.app, 'POST', `/api/users/${user.id}/device-tokens`, { token: otherToken, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ Field: 'Token' });
  });
});

describe('the VAPID key', () => {
  it('is made once and kept: every server instance on the database serves the same key', async () => {
    const reply = await call(t.app, 'GET', '/api/push/vapid-public-key');
    expect(reply.statusCode).toBe(200);
    const { PublicKey } = reply.json<{ PublicKey: string }>();
    expect(Buffer.from(PublicKey, 'base64url')).toHaveLength(65);
    expect((await loadVapidKeys(db(), t.config)).publicKey).toBe(PublicKey);
  });

  it('comes from the environment when it names one', async () => {
    const keys = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) };
    expect(await loadVapidKeys(db(), { ...t.config, vapidKeys: keys })).toBe(keys);
  });
});

describe('alarm push messages', () => {
  it('reach every registered browser of each notified user, encrypted for it and signed, in their language', async () => {
    const user = await createUser(t, { locale: 'de-DE', pushEnabled: true, emailDevice: false });
    const token = await signIn(t, user.email, user.password);
    const phone = newBrowser();
    const laptop = newBrowser();
    await register(user.id, token, phone);
    await register(user.id, token, laptop);
    const { key, name } = await fenceOf(user);

    await fenceReading(t, key, 2000);
    expect(await runDueJobs(await deps())).toBe(2);
    expect(received.map((r) => r.path).sort()).toEqual([new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname].sort());
    const publicKey = (await loadVapidKeys(db(), t.config)).publicKey;
    for (const browser of [phone, laptop]) {
      const message = received.find((r) => browser.endpoint.endsWith(r.path))!;
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(message.headers.ttl)).toBeGreaterThan(0);
      expectVapid(message.headers, publicKey);
      const shown = JSON.parse(decrypt(browser, message.body)) as PushMessage;
      expect(shown).toMatchObject({
        Title: `Alarm: Niedrige Zaunspannung – ${name}`,
        Tag: `${key}:fence_voltage`,
        Data: { Device: 'fencealarm', Imei: key },
        Url: `/devices?id=${key}`,
      });
      expect(shown.Body).toMatch(/^2\.000 V am .+ MES?Z$/);
    }
    // The other browser cannot read a message meant for this one.
    expect(() => decrypt(laptop, received.find((r) => phone.endpoint.endsWith(r.path))!.body)).toThrow();

    received.length = 0;
    await fenceReading(t, key, 5000);
    expect(await runDueJobs(await deps())).toBe(2);
    expect(JSON.parse(decrypt(phone, received.find((r) => phone.endpoint.endsWith(r.path))!.body)).Title).toBe(`Entwarnung: Niedrige Zaunspannung – ${name}`);
  });

  it('sends nothing to a user with push off', async () => {
    const user = await createUser(t, { pushEnabled: false, emailDevice: false });
    await register(user.id, await signIn(t, user.email, user.password), newBrowser());
    const { key } = await fenceOf(user);
    await fenceReading(t, key, 2000);
    expect(await runDueJobs(await deps())).toBe(0);
    expect(received).toEqual([]);
  });

  it('forgets a browser its push service says is gone, and retries one whose push service fails', async () => {
    const user = await createUser(t, { pushEnabled: true, emailDevice: false });
    const token = await signIn(t, user.email, user.password);
    const gone = newBrowser('/push/gone');
    const broken = newBrowser('/push/broken');
    await register(user.id, token, gone);
    await register(user.id, token, broken);
    const { key } = await fenceOf(user);
    await fenceReading(t, key, 2000);

    expect(await runDueJobs(await deps())).toBe(1); // gone: done (and forgotten); broken: failed
    expect((await tokensOf(user.id)).map((text) => JSON.parse(text).endpoint)).toEqual([broken.endpoint]);
    const [retry] = await db().select().from(jobs);
    expect(retry).toMatchObject({ attempts: 1, lockedBy: null });
    expect(retry.lastError).toContain('answered 500');
    // The endpoint is a capability: the error names the push service's host only.
    expect(retry.lastError).not.toContain('/push/broken');
  });
});

describe('push SSRF', () => {
  // WHATWG URL reads the host "127.0.0.1{x.push.apple.com" (allowed by *.push.apple.com); the sender's url.parse read
  // "127.0.0.1", and an alarm opened a TLS connection there.
  const attack = (port: number) => `https://127.0.0.1:${port}{x.push.apple.com/push/1`;
  const portOf = () => new URL(origin).port;
  const transport = async (options: Partial<Parameters<typeof webPushTransport>[0]> = {}) =>
    webPushTransport({ keys: await loadVapidKeys(db(), t.config), subject: t.config.vapidSubject, allowedHosts: t.config.pushServiceHosts, log: t.app.log, ca: cert, ...options });
  const message = { Title: 't', Body: 'b', Tag: 'x', Data: { Device: 'd' }, Url: '/devices' };
  const tokenFor = (endpoint: string) => ({ endpoint, keys: JSON.parse(newBrowser().token).keys as { p256dh: string; auth: string } });

  it('refuses the endpoint two URL parsers read differently, at registration and at sending', async () => {
    const hosts = [...loadConfig({}).pushServiceHosts, `127.0.0.1:${portOf()}`];
    expect(isAllowedPushEndpoint(attack(Number(portOf())), hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1{x.push.apple.com/push/1', loadConfig({}).pushServiceHosts)).toBe(false);
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    const Token = JSON.stringify({ ...JSON.parse(newBrowser().token), endpoint: attack(Number(portOf())) });
    const response = await call(t.app, 'POST', `/api/users/${user.id}/device-tokens`, { token, body: { Token } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Field: 'Token' });
    // A token stored before the fix is dropped at sending, without a connection.
    connections = 0;
    const push = await transport({ allowedHosts: hosts, allowPrivateAddressesForTests: true });
    expect(await push.send(tokenFor(attack(Number(portOf()))), message)).toBe('gone');
    expect(connections).toBe(0);
  });

  it('refuses a push service whose name resolves to a loopback, private or link-local address, without connecting', async () => {
    const allowedHosts = [`${INSIDE_HOST}:${portOf()}`];
    const endpoint = `https://${INSIDE_HOST}:${portOf()}/push/inside`;
    for (const address of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '::1', 'fd00::1']) {
      connections = 0;
      const push = await transport({ allowedHosts, resolver: (_host, done) => done(null, [{ address, family: address.includes(':') ? 6 : 4 }]) });
      expect(await push.send(tokenFor(endpoint), message)).toBe('gone');
      expect(connections).toBe(0);
    }
    // The same message with the tests' escape arrives: only the address check stood in the way.
    received.length = 0;
    const local = await transport({ allowedHosts, resolver: (_host, done) => done(null, [{ address: '127.0.0.1', family: 4 }]), allowPrivateAddressesForTests: true });
    expect(await local.send(tokenFor(endpoint), message)).toBe('delivered');
    expect(received.map((request) => request.path)).toEqual(['/push/inside']);
  });

  it('checks the address again when connecting, so a name that changes its answer reaches nothing inside', async () => {
    let lookups = 0;
    const rebinding: Resolver = (_host, done) => {
      lookups += 1;
      done(null, [{ address: lookups === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }]);
    };
    connections = 0;
    const push = await transport({ allowedHosts: [`${INSIDE_HOST}:${portOf()}`], resolver: rebinding });
    expect(await push.send(tokenFor(`https://${INSIDE_HOST}:${portOf()}/push/rebound`), message)).toBe('gone');
    expect(lookups).toBe(2);
    expect(connections).toBe(0);
  });

  it('tells public addresses from the rest', () => {
    for (const address of ['8.8.8.8', '2a00:1450:4001::200e']) expect(isPublicAddress(address)).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1', '224.0.0.1', 'nonsense']) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });
});

test('the server posts only to the push services it was told of', () => {
  const allowed = ['fcm.googleapis.com', '*.push.apple.com', '127.0.0.1:8443'];
  expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/x', allowed)).toBe(true);
  expect(isAllowedPushEndpoint('https://web.push.apple.com/x', allowed)).toBe(true);
  expect(isAllowedPushEndpoint('https://127.0.0.1:8443/x', allowed)).toBe(true);
  expect(isAllowedPushEndpoint('https://push.apple.com/x', allowed)).toBe(false);
  expect(isAllowedPushEndpoint('https://evilpush.apple.com.example/x', allowed)).toBe(false);
  expect(isAllowedPushEndpoint('https://fcm.googleapis.com:444/x', allowed)).toBe(false);
  expect(isAllowedPushEndpoint('http://fcm.googleapis.com/x', allowed)).toBe(false);
  expect(isAllowedPushEndpoint('https://127.0.0.1/x', allowed)).toBe(false);
  expect(isAllowedPushEndpoint('not a url', allowed)).toBe(false);
});
