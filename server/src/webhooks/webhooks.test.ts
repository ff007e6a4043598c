// Outbound webhooks (docs/product/webhooks.md) on a real database, to a real HTTP receiver on this machine
// (WEBHOOK_PRIVATE_TARGETS on, as in the end-to-end tests): an alarm's delivery, signed so the documented recipe
// verifies it; a target answering 500 retried with the queue's back-off (the clock moved, no waiting) and then failed in
// the log; the test ping; who is told; and the delivery log's paging.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Webhook, WebhookDelivery, WebhookDeliveryPage } from '@paddock/shared/contract';
import { PRODUCTS } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices, jobs, webhookDeliveries } from '../db/schema';
import { ingestUplink } from '../devices/gateway/ingest';
import { demoKey } from '../devices/inventory';
import { MAX_ATTEMPTS, retryDelayMs } from '../jobs/queue';
import { ALARM_JOB } from '../notify/alarmNotices';
import { createMailer } from '../notify/mail';
import { outboxSmsProvider } from '../notify/sms';
import { runDueJobs, type WorkerDeps } from '../notify/worker';
import { maintainReadingPartitions } from '../readings/partitions';
import { fenceReading, waitFor } from '../testing/devices';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, type Member, type TestApp } from '../testing/testApp';
import { WEBHOOK_JOB } from './delivery';

/** The recipe of docs/product/webhooks.md "Verifying a delivery", as printed there. */
function verifyPaddockSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
  toleranceSeconds = 300,
  now = Date.now(),
) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: records each request and answers `status` (changeable), or holds its answer while `held` is set. */
async function startReceiver(status = 200) {
  const received: Received[] = [];
  const state: { status: number; held: Promise<void> | null } = { status, held: null };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      void (state.held ?? Promise.resolve()).then(() => response.writeHead(state.status).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paddock`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ webhookPrivateTargets: true });
  receiver = await startReceiver();
}, APP_START_TIMEOUT_MS);
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  await db().delete(jobs);
  receiver.received.length = 0;
  receiver.state.status = 200;
  receiver.state.held = null;
});

const db = () => t.database.db;

function deps(now: () => Date = t.clock.now): WorkerDeps {
  return {
    db: db(),
    mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now, log: t.app.log }),
    sms: outboxSmsProvider(db(), now, t.app.log),
    push: { send: () => Promise.reject(new Error('no push expected')) },
    now,
    log: t.app.log,
    publicUrl: t.config.publicUrl,
    webhookRules: { allowPrivateTargets: true },
  };
}

// Server tests have a database of their own: any free demo number will do.
let next = 20;
/** A FenceAlarm of `owner` with its voltage alarm on, shared with (and notifying) `shared`. */
async function fence(owner: Member, shared: Member[] = []) {
  next += 1;
  const key = demoKey('fencealarm', next);
  const registered = await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS.fencealarm.apiCollection}`, {
    token: owner.token,
    body: { Imei: key, Name: `Paddock ${next}` },
  });
  expect(registered.statusCode).toBe(201);
  const [row] = await db().select().from(devices).where(eq(devices.key, key));
  const emails = shared.map((member) => member.email);
  await db()
    .update(devices)
    .set({
      fields: { ...row.fields, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 } },
      access: [...row.access, ...emails],
      notify: [...row.notify, ...emails],
    })
    .where(eq(devices.key, key));
  return key;
}

async function addWebhook(member: Member, body: Record<string, unknown> = {}): Promise<Webhook> {
  const response = await call(t.app, 'POST', `/api/users/${member.id}/webhooks`, {
    token: member.token,
    body: { Url: receiver.url, Events: ['alarm.raised', 'alarm.cleared'], ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function logOf(member: Member, hook: Webhook, query = ''): Promise<WebhookDeliveryPage> {
  const response = await call(t.app, 'GET', `/api/users/${member.id}/webhooks/${hook.Id}/deliveries${query}`, { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('webhook deliveries', () => {
  it('posts a raised alarm, signed so that the documented recipe verifies it, and logs it delivered', async () => {
    const owner = await createMember(t);
    const key = await fence(owner);
    const hook = await addWebhook(owner);
    expect(hook).toMatchObject({
      Url: receiver.url,
      Events: ['alarm.raised', 'alarm.cleared'],
      Enabled: true,
      Secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
    });

    await fenceReading(t, key, 2000);
    expect(await runDueJobs(deps())).toBeGreaterThanOrEqual(1);

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.headers['content-type']).toBe('application/json');
    expect(
      verifyPaddockSignature(request.body, request.headers['paddock-signature'] as string, hook.Secret, 300, t.clock.now().getTime()),
    ).toBe(true);
    // Any other secret, body or a stale time does not verify.
    expect(
      verifyPaddockSignature(request.body, request.headers['paddock-signature'] as string, 'whsec_other', 300, t.clock.now().getTime()),
    ).toBe(false);
    expect(
      verifyPaddockSignature(`${request.body} `, request.headers['paddock-signature'] as string, hook.Secret, 300, t.clock.now().getTime()),
    ).toBe(false);
    expect(
      verifyPaddockSignature(
        request.body,
        request.headers['paddock-signature'] as string,
        hook.Secret,
        300,
        t.clock.now().getTime() + 600_000,
      ),
    ).toBe(false);
    const body = JSON.parse(request.body);
    expect(body).toEqual({
      id: expect.any(String),
      type: 'alarm.raised',
      created: expect.any(Number),
      data: {
        device: { key, product: 'fencealarm', name: `Paddock ${next}` },
        alarm: 'fence_voltage',
        value: 2000,
        unit: 'V',
        at: expect.any(String),
      },
    });

    const [delivery] = (await logOf(owner, hook)).Deliveries;
    expect(delivery).toMatchObject({
      Id: body.id,
      Event: 'alarm.raised',
      Status: 'delivered',
      Attempts: 1,
      StatusCode: 200,
      Error: null,
      NextAttemptAt: null,
    });

    // The all clear is the next event; a webhook that takes only offline events is told of neither.
    const offlineOnly = await addWebhook(owner, { Events: ['device.offline'] });
    t.clock.advance(60_000);
    await fenceReading(t, key, 5000);
    await runDueJobs(deps());
    expect(receiver.received.map((received) => JSON.parse(received.body).type)).toEqual(['alarm.raised', 'alarm.cleared']);
    expect((await logOf(owner, offlineOnly)).Deliveries).toEqual([]);
  });

  it('a slow target does not hold back the alarm notices of the same batch', async () => {
    const owner = await createMember(t);
    const key = await fence(owner);
    await addWebhook(owner);
    let answer = () => {};
    receiver.state.held = new Promise<void>((resolve) => (answer = resolve));
    await fenceReading(t, key, 2000);
    const kinds = async () => (await db().select({ kind: jobs.kind }).from(jobs)).map((job) => job.kind);
    expect(await kinds()).toEqual(expect.arrayContaining([ALARM_JOB, WEBHOOK_JOB]));

    const pass = runDueJobs(deps());
    // The owner's alarm notice is done while the target still has not answered its webhook.
    await waitFor(kinds, (left) => !left.includes(ALARM_JOB));
    expect(receiver.received).toHaveLength(1);
    expect(await kinds()).toEqual([WEBHOOK_JOB]);
    answer();
    await pass;
    expect(await kinds()).toEqual([]);
  });

  it('a webhook whose target answers 500 is retried with back-off and then shows as failed in the log, its signature verifying', async () => {
    const owner = await createMember(t);
    const key = await fence(owner);
    const hook = await addWebhook(owner);
    receiver.state.status = 500;
    await fenceReading(t, key, 2000);

    let at = t.clock.now();
    await runDueJobs(deps(() => at));
    const [first] = (await logOf(owner, hook)).Deliveries;
    expect(first).toMatchObject({ Status: 'pending', Attempts: 1, StatusCode: 500, Error: 'answered 500', DoneAt: null });
    expect(Date.parse(first.NextAttemptAt!)).toBe(at.getTime() + retryDelayMs(1));
    // Not again before its time.
    await runDueJobs(deps(() => new Date(at.getTime() + retryDelayMs(1) - 1000)));
    expect(receiver.received).toHaveLength(1);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      at = new Date(at.getTime() + retryDelayMs(attempt - 1));
      await runDueJobs(deps(() => at));
      expect(receiver.received).toHaveLength(attempt);
    }
    const [failed] = (await logOf(owner, hook)).Deliveries;
    expect(failed).toMatchObject({
      Id: first.Id,
      Status: 'failed',
      Attempts: MAX_ATTEMPTS,
      StatusCode: 500,
      NextAttemptAt: null,
      DoneAt: at.toISOString(),
    });
    // Given up: never sent again.
    await runDueJobs(deps(() => new Date(at.getTime() + 24 * 3_600_000)));
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    // Every attempt is the same event, signed anew at its own time.
    const ids = new Set(receiver.received.map((received) => JSON.parse(received.body).id));
    expect(ids).toEqual(new Set([first.Id]));
    const last = receiver.received[MAX_ATTEMPTS - 1];
    expect(verifyPaddockSignature(last.body, last.headers['paddock-signature'] as string, hook.Secret, 300, at.getTime())).toBe(true);
  });

  it('tells a device going offline and coming back as device.offline and device.online', async () => {
    const owner = await createMember(t);
    const key = await fence(owner);
    await addWebhook(owner, { Events: ['device.offline', 'device.online'] });
    await fenceReading(t, key, 6000);
    await ingestUplink(db(), {
      key,
      name: 'status',
      payload: Buffer.from(JSON.stringify({ Online: false })),
      retained: false,
      receivedAt: t.clock.now(),
    });
    await runDueJobs(deps());
    t.clock.advance(60_000);
    await fenceReading(t, key, 6000);
    await runDueJobs(deps());
    const bodies = receiver.received.map((received) => JSON.parse(received.body));
    expect(bodies.map((body) => body.type)).toEqual(['device.offline', 'device.online']);
    expect(bodies[0].data).toMatchObject({ device: { key, product: 'fencealarm' }, alarm: 'offline' });
  });

  it('tells the webhooks of everyone told of the alarm, and nobody else’s', async () => {
    const owner = await createMember(t);
    const friend = await createMember(t);
    const stranger = await createMember(t);
    const key = await fence(owner, [friend]);
    const hooks = [await addWebhook(owner), await addWebhook(friend), await addWebhook(stranger)];
    // Switched off: not told.
    const off = await addWebhook(owner, { Enabled: false });
    await fenceReading(t, key, 2000);
    await runDueJobs(deps());
    const counts = await Promise.all(hooks.map(async (hook, i) => (await logOf([owner, friend, stranger][i], hook)).Deliveries.length));
    expect(counts).toEqual([1, 1, 0]);
    expect((await logOf(owner, off)).Deliveries).toEqual([]);
    expect(receiver.received).toHaveLength(2);
  });

  it('does not send to a webhook switched off or an account no longer shared the device since the event', async () => {
    const owner = await createMember(t);
    const friend = await createMember(t);
    const key = await fence(owner, [friend]);
    const ownHook = await addWebhook(owner);
    const friendHook = await addWebhook(friend);
    await fenceReading(t, key, 2000);
    const off = await call(t.app, 'PATCH', `/api/users/${owner.id}/webhooks/${ownHook.Id}`, {
      token: owner.token,
      body: { Enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const [row] = await db().select().from(devices).where(eq(devices.key, key));
    await db()
      .update(devices)
      .set({ access: row.access.filter((email) => email !== friend.email) })
      .where(eq(devices.key, key));
    await runDueJobs(deps());
    expect(receiver.received).toHaveLength(0);
    expect((await logOf(owner, ownHook)).Deliveries[0]).toMatchObject({ Status: 'failed', Attempts: 0, Error: 'the webhook is off' });
    expect((await logOf(friend, friendHook)).Deliveries[0]).toMatchObject({ Status: 'failed', Attempts: 0 });
  });

  it('"Send test" posts a signed ping at once and answers how it went, once', async () => {
    const owner = await createMember(t);
    const hook = await addWebhook(owner);
    const test = (token = owner.token) => call(t.app, 'POST', `/api/users/${owner.id}/webhooks/${hook.Id}/test`, { token });
    const sent = await test();
    expect(sent.statusCode).toBe(200);
    expect(sent.json<WebhookDelivery>()).toMatchObject({ Event: 'ping', Status: 'delivered', Attempts: 1, StatusCode: 200 });
    const [ping] = receiver.received;
    expect(JSON.parse(ping.body)).toMatchObject({ type: 'ping', data: { webhook: hook.Id } });
    expect(verifyPaddockSignature(ping.body, ping.headers['paddock-signature'] as string, hook.Secret, 300, t.clock.now().getTime())).toBe(
      true,
    );

    receiver.state.status = 503;
    const failed = await test();
    expect(failed.json<WebhookDelivery>()).toMatchObject({
      Event: 'ping',
      Status: 'failed',
      Attempts: 1,
      StatusCode: 503,
      Error: 'answered 503',
    });
    // Once: the ping is not retried.
    await runDueJobs(deps(() => new Date(t.clock.now().getTime() + 3_600_000)));
    expect(receiver.received).toHaveLength(2);

    // Nobody listening at all: the error says what happened.
    const gone = await startReceiver();
    await gone.close();
    const moved = await call(t.app, 'PATCH', `/api/users/${owner.id}/webhooks/${hook.Id}`, { token: owner.token, body: { Url: gone.url } });
    expect(moved.statusCode).toBe(200);
    const unreachable = await test();
    expect(unreachable.json<WebhookDelivery>()).toMatchObject({
      Status: 'failed',
      StatusCode: null,
      Error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('pages the delivery log newest first and keeps it as long as the alarm log', async () => {
    const owner = await createMember(t);
    const hook = await addWebhook(owner);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      await call(t.app, 'POST', `/api/users/${owner.id}/webhooks/${hook.Id}/test`, { token: owner.token });
    }
    const page = await logOf(owner, hook, '?limit=2');
    expect(page.Deliveries).toHaveLength(2);
    expect(Date.parse(page.Deliveries[0].CreatedAt)).toBeGreaterThan(Date.parse(page.Deliveries[1].CreatedAt));
    const rest = await logOf(owner, hook, `?limit=2&cursor=${page.Next}`);
    expect(rest).toMatchObject({ Deliveries: [expect.any(Object)], Next: null });
    expect(new Set([...page.Deliveries, ...rest.Deliveries].map((delivery) => delivery.Id)).size).toBe(3);

    // The readings' maintenance retires deliveries older than the retention, as it does the alarm log.
    const later = new Date(t.clock.now().getTime() + (t.config.readingsRetentionDays + 1) * 86_400_000);
    await maintainReadingPartitions(db(), later, t.config.readingsRetentionDays);
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.Id))).toEqual([]);
  });
});
