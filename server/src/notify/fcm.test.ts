// FCM push to the native app against a local stand-in of Google's token endpoint and of FCM's messages:send: the
// signed assertion, the access token kept and renewed, the message body, dead tokens dropped, failures retried
// without secrets in the error; then end to end: the app registers its token, an alarm reaches it through the worker.
import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { PRODUCTS, type PushMessage } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fcmSettings, type FcmSettings } from '../config';
import { devices, jobs, users } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { fenceReading } from '../testing/devices';
import { APP_START_TIMEOUT_MS, call, createTestApp, createUser, signIn, type TestApp } from '../testing/testApp';
import { FCM_SCOPE, fcmTransport, pushTransport } from './fcm';
import { createMailer } from './mail';
import { outboxSmsProvider } from './sms';
import { runDueJobs } from './worker';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PROJECT = 'paddock-test';
const CLIENT_EMAIL = 'paddock@paddock-test.iam.gserviceaccount.com';

/** What the stand-in was sent. */
interface Sent {
  path: string;
  authorization: string | undefined;
  body: string;
}

let server: Server;
let base: string;
const tokenRequests: URLSearchParams[] = [];
const messages: Sent[] = [];
let issued = 0;
/** The next token-endpoint answers; by default 200 with a fresh access token of one hour. */
let tokenReply: () => { status: number; body: unknown } = () => ({ status: 200, body: { access_token: `access-${++issued}`, expires_in: 3600, token_type: 'Bearer' } });
/** Access tokens FCM refuses (revoked). */
const revoked = new Set<string>();

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** FCM v1's error reply, as Google writes it. */
const fcmError = (status: number, googleStatus: string, errorCode: string, message = 'error') => ({
  status,
  body: { error: { code: status, message, status: googleStatus, details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } },
});

/** FCM's answer by registration token: `dead-…` unregistered, `busy-…` unavailable, `bad-…` not a token, else taken. */
function fcmAnswer(token: string) {
  if (token.startsWith('dead')) return fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.');
  if (token.startsWith('busy')) return fcmError(503, 'UNAVAILABLE', 'UNAVAILABLE');
  if (token.startsWith('bad')) return fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token');
  return { status: 200, body: { name: `projects/${PROJECT}/messages/1` } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void read(request).then((body) => {
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.url === '/token') {
        tokenRequests.push(new URLSearchParams(body));
        const { status, body: json } = tokenReply();
        return reply(status, json);
      }
      const authorization = request.headers.authorization;
      messages.push({ path: request.url ?? '', authorization, body });
      if (!authorization?.startsWith('Bearer access-') || revoked.has(authorization.slice(7))) return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      const { status, body: json } = fcmAnswer((JSON.parse(body) as { message: { token: string } }).message.token);
      reply(status, json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  tokenRequests.length = 0;
  messages.length = 0;
  revoked.clear();
  tokenReply = () => ({ status: 200, body: { access_token: `access-${++issued}`, expires_in: 3600, token_type: 'Bearer' } });
});

const settings = (): FcmSettings => ({ projectId: PROJECT, clientEmail: CLIENT_EMAIL, privateKey: PRIVATE_PEM, tokenUrl: `${base}/token`, apiUrl: base });

/** A logger that keeps every line, to check that no secret reaches the logs. */
function recordingLog() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  const log = { info: record, warn: record, error: record, debug: record, trace: record, fatal: record, child: () => log } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const message: PushMessage = {
  Title: 'Alarm: Low fence voltage – Paddock 1',
  Body: '2.000 V on 1 May 2026, 10:00 UTC',
  Tag: '350000100000001:fence_voltage',
  Data: { Device: 'fencealarm', Imei: '350000100000001' },
  Url: '/devices?id=350000100000001',
};
const appToken = (prefix = 'live') => ({ kind: 'fcm' as const, token: `${prefix}-${'x'.repeat(40)}:APA91b`, endpoint: `fcm:${prefix}-${'x'.repeat(40)}:APA91b` });

describe('fcmTransport', () => {
  it('signs in as the service account, keeps the access token, and posts the message FCM v1 expects', async () => {
    const clock = { ms: Date.parse('2026-05-01T10:00:00Z') };
    const fcm = fcmTransport({ settings: settings(), log: recordingLog().log, now: () => clock.ms });
    expect(await fcm.send(appToken(), message)).toBe('delivered');
    expect(await fcm.send(appToken('other'), message)).toBe('delivered');

    // One access token for both messages.
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0].get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = tokenRequests[0].get('assertion')!.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toEqual({
      iss: CLIENT_EMAIL,
      scope: FCM_SCOPE,
      aud: `${base}/token`,
      iat: clock.ms / 1000,
      exp: clock.ms / 1000 + 3600,
    });
    expect(verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);

    expect(messages.map((sent) => sent.path)).toEqual([`/v1/projects/${PROJECT}/messages:send`, `/v1/projects/${PROJECT}/messages:send`]);
    expect(messages[0].authorization).toBe(messages[1].authorization);
    expect(JSON.parse(messages[0].body)).toEqual({
      message: {
        token: appToken().token,
        notification: { title: message.Title, body: message.Body },
        data: { Device: 'fencealarm', Imei: '350000100000001', Url: '/devices?id=350000100000001', Tag: message.Tag },
        android: { priority: 'HIGH', ttl: '86400s', notification: { tag: message.Tag } },
        apns: {
          headers: { 'apns-priority': '10', 'apns-expiration': String(clock.ms / 1000 + 86400), 'apns-collapse-id': message.Tag },
          payload: { aps: { sound: 'default' } },
        },
      },
    });
  });

  it('renews the access token a minute before it runs out, and at once when FCM refuses it', async () => {
    const clock = { ms: Date.parse('2026-05-01T10:00:00Z') };
    const fcm = fcmTransport({ settings: settings(), log: recordingLog().log, now: () => clock.ms });
    await fcm.send(appToken(), message);
    clock.ms += 58 * 60_000;
    await fcm.send(appToken(), message);
    expect(tokenRequests).toHaveLength(1);
    clock.ms += 60_000; // 59 minutes in: less than a minute left
    await fcm.send(appToken(), message);
    expect(tokenRequests).toHaveLength(2);

    revoked.add(messages.at(-1)!.authorization!.slice(7));
    expect(await fcm.send(appToken(), message)).toBe('delivered');
    expect(tokenRequests).toHaveLength(3);
    expect(messages.at(-1)!.authorization).not.toBe(messages.at(-2)!.authorization);
  });

  it('asks for one access token however many messages go out together', async () => {
    const fcm = fcmTransport({ settings: settings(), log: recordingLog().log });
    await Promise.all([1, 2, 3, 4].map(() => fcm.send(appToken(), message)));
    expect(tokenRequests).toHaveLength(1);
    expect(messages).toHaveLength(4);
  });

  it('calls an unregistered installation or a token that is none gone', async () => {
    const fcm = fcmTransport({ settings: settings(), log: recordingLog().log });
    expect(await fcm.send(appToken('dead'), message)).toBe('gone');
    expect(await fcm.send(appToken('bad'), message)).toBe('gone');
  });

  it('fails (for the job queue to retry) without naming the key, the access token or the installation', async () => {
    const { log, lines } = recordingLog();
    const fcm = fcmTransport({ settings: settings(), log });
    const busy = appToken('busy');
    const failure = await fcm.send(busy, message).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('FCM answered 503 UNAVAILABLE');

    tokenReply = () => ({ status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } });
    const fresh = fcmTransport({ settings: settings(), log });
    const refused = await fresh.send(appToken(), message).catch((error: Error) => error);
    expect((refused as Error).message).toBe('FCM token endpoint answered 400 invalid_grant');

    const unreachable = fcmTransport({ settings: { ...settings(), tokenUrl: 'http://127.0.0.1:1/token' }, log });
    expect((await unreachable.send(appToken(), message).catch((error: Error) => error)) as Error).toBeInstanceOf(Error);

    const said = [(failure as Error).message, (refused as Error).message, ...lines].join('\n');
    for (const secret of [busy.token, 'access-', 'PRIVATE KEY', PRIVATE_PEM.split('\n')[1]]) expect(said).not.toContain(secret);
  });

  it('sits behind the one push transport: app tokens to FCM, and refused while FCM is not set up', async () => {
    const web = { send: jest.fn().mockResolvedValue('delivered') };
    const both = pushTransport(web, fcmTransport({ settings: settings(), log: recordingLog().log }));
    expect(await both.send(appToken(), message)).toBe('delivered');
    expect(messages).toHaveLength(1);
    expect(web.send).not.toHaveBeenCalled();
    await expect(pushTransport(web, null).send(appToken(), message)).rejects.toThrow('FCM is not configured');
  });
});

describe('FCM_SERVICE_ACCOUNT', () => {
  const reader = (env: Record<string, string>) => ({
    optional: (name: string) => env[name] ?? null,
    text: (name: string) => env[name] ?? (name === 'FCM_API_URL' ? 'https://fcm.googleapis.com' : ''),
  });
  const account = JSON.stringify({ project_id: PROJECT, client_email: CLIENT_EMAIL, private_key: PRIVATE_PEM, token_uri: 'https://oauth2.googleapis.com/token' });
  type Read = Parameters<typeof fcmSettings>[0];

  it('reads the service account and takes its token_uri unless FCM_TOKEN_URL names another', () => {
    expect(fcmSettings(reader({}) as unknown as Read, false, '/')).toBeNull();
    expect(fcmSettings(reader({ FCM_SERVICE_ACCOUNT: account }) as unknown as Read, false, '/')).toEqual({
      projectId: PROJECT,
      clientEmail: CLIENT_EMAIL,
      privateKey: PRIVATE_PEM,
      tokenUrl: 'https://oauth2.googleapis.com/token',
      apiUrl: 'https://fcm.googleapis.com',
    });
    expect(fcmSettings(reader({ FCM_SERVICE_ACCOUNT: account, FCM_TOKEN_URL: 'http://127.0.0.1:9/token' }) as unknown as Read, false, '/')?.tokenUrl).toBe('http://127.0.0.1:9/token');
  });

  it('refuses a broken account without quoting it, and plain http in production', () => {
    const broken = `{"private_key": "${PRIVATE_PEM.split('\n')[1]}`;
    expect(() => fcmSettings(reader({ FCM_SERVICE_ACCOUNT: broken }) as unknown as Read, false, '/')).toThrow(/^FCM_SERVICE_ACCOUNT must be/);
    try {
      fcmSettings(reader({ FCM_SERVICE_ACCOUNT: broken }) as unknown as Read, false, '/');
    } catch (error) {
      expect((error as Error).message).not.toContain(PRIVATE_PEM.split('\n')[1]);
    }
    expect(() => fcmSettings(reader({ FCM_SERVICE_ACCOUNT: '/nowhere/key.json' }) as unknown as Read, false, '/')).toThrow('(ENOENT)');
    const noEmail = JSON.stringify({ ...JSON.parse(account), client_email: undefined });
    expect(() => fcmSettings(reader({ FCM_SERVICE_ACCOUNT: noEmail }) as unknown as Read, false, '/')).toThrow('has no client_email');
    expect(() => fcmSettings(reader({ FCM_SERVICE_ACCOUNT: account, FCM_API_URL: 'http://127.0.0.1:9' }) as unknown as Read, true, '/')).toThrow('FCM_API_URL must be an https URL');
  });
});

describe('the native app end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ fcm: settings() });
  }, APP_START_TIMEOUT_MS);
  afterAll(() => t.close());

  const db = () => t.database.db;
  const tokensOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0].pushTokens;
  const register = (userId: string, token: string, Token: string) => call(t.app, 'POST', `/api/users/${userId}/device-tokens`, { token, body: { Token } });

  it('registers the app token once per installation, moving it to the account that registers it last', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const installation = appToken('live1').token;
    const firstToken = await signIn(t, first.email, first.password);
    expect((await register(first.id, firstToken, installation)).json().PushNotifications.Tokens).toEqual([installation]);
    expect((await register(first.id, firstToken, installation)).json().PushNotifications.Tokens).toEqual([installation]);
    expect((await register(second.id, await signIn(t, second.email, second.password), installation)).statusCode).toBe(200);
    expect(await tokensOf(first.id)).toEqual([]);
    expect(await tokensOf(second.id)).toEqual([installation]);
  });

  it('sends an alarm to the app through FCM and forgets an installation FCM no longer knows', async () => {
    await db().delete(jobs);
    const user = await createUser(t, { pushEnabled: true, emailDevice: false });
    const token = await signIn(t, user.email, user.password);
    const phone = appToken('live2').token;
    const removed = appToken('dead2').token;
    await register(user.id, token, phone);
    await register(user.id, token, removed);
    const key = demoKey('fencealarm', 17);
    expect((await call(t.app, 'POST', `/api/users/${user.id}/${PRODUCTS.fencealarm.apiCollection}`, { token, body: { Imei: key, Name: 'North fence' } })).statusCode).toBe(201);
    const [row] = await db().select().from(devices).where(eq(devices.key, key));
    await db()
      .update(devices)
      .set({ fields: { ...row.fields, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 } } })
      .where(eq(devices.key, key));
    messages.length = 0;

    await fenceReading(t, key, 2000);
    const delivered = await runDueJobs({
      db: db(),
      mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log }),
      sms: outboxSmsProvider(db(), t.clock.now, t.app.log),
      push: pushTransport({ send: () => Promise.reject(new Error('no browser here')) }, fcmTransport({ settings: settings(), log: t.app.log })),
      now: t.clock.now,
      log: t.app.log,
      publicUrl: t.config.publicUrl,
    });
    expect(delivered).toBe(2);
    const sent = messages.map((entry) => JSON.parse(entry.body) as { message: { token: string; notification: { title: string }; data: Record<string, string> } });
    expect(sent.map((entry) => entry.message.token).sort()).toEqual([removed, phone].sort());
    expect(sent[0].message.notification.title).toBe('Alarm: Low fence voltage – North fence');
    expect(sent[0].message.data).toMatchObject({ Device: 'fencealarm', Imei: key, Url: `/devices?id=${key}` });
    expect(await tokensOf(user.id)).toEqual([phone]);
  });

  it('refuses an app token while FCM is not set up', async () => {
    const configured = t.config.fcm;
    t.config.fcm = null;
    try {
      const user = await createUser(t);
      const response = await register(user.id, await signIn(t, user.email, user.password), appToken('live3').token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Error: 'push_service_not_allowed', Field: 'Token' });
      expect(await tokensOf(user.id)).toEqual([]);
    } finally {
      t.config.fcm = configured;
    }
  });
});
