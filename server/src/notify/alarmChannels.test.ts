// Alarm consent (issue 9): an owner who puts someone on a device's notify list gets them alarm e-mails only; SMS
// (paid from that person's balance) and push only once that person turns them on for the device. Replayed: the
// owner signs a user with SMS credit up and sets the text (the device name); the worker must not charge them.
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { and, eq } from 'drizzle-orm';
import { alarmChannels, devices, jobs, mailbox, smsOutbox, users } from '../db/schema';
import { demoKey } from '../devices/inventory';
import { fenceReading } from '../testing/devices';
import { handOver } from '../transfers/testing';
import { APP_START_TIMEOUT_MS, call, createTestApp, createUser, signIn, type TestApp } from '../testing/testApp';
import { createMailer } from './mail';
import { outboxSmsProvider } from './sms';
import { runDueJobs, type WorkerDeps } from './worker';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());
beforeEach(async () => {
  await db().delete(jobs);
});

const db = () => t.database.db;
const pushed: string[] = [];
function deps(): WorkerDeps {
  return {
    db: db(),
    mailer: createMailer({ smtpUrl: null, from: 'test', db: db(), now: t.clock.now, log: t.app.log }),
    sms: outboxSmsProvider(db(), t.clock.now, t.app.log),
    push: {
      send: async (token) => {
        pushed.push(token.endpoint);
        return 'delivered';
      },
    },
    now: t.clock.now,
    log: t.app.log,
    publicUrl: t.config.publicUrl,
  };
}

type Member = Awaited<ReturnType<typeof createUser>> & { token: string };
/** Someone with SMS on, a phone, credit, and push on with one browser: every channel the account allows. */
async function member(values: Parameters<typeof createUser>[1] = {}): Promise<Member> {
  const phone = `+46 70 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const endpoint = `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`;
  const pushToken = JSON.stringify({ endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } });
  const user = await createUser(t, { phone, smsEnabled: true, smsBalance: 10, pushEnabled: true, pushTokens: [pushToken], ...values });
  return { ...user, token: await signIn(t, user.email, user.password) };
}

let next = 1;
/** A FenceAlarm of `owner` with its voltage alarm on, shared with and notifying `others` (as the owner's PATCH does). */
async function fence(owner: Member, others: Member[] = []) {
  next += 1;
  const product: ProductId = 'fencealarm';
  const key = demoKey(product, next);
  const registered = await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS[product].apiCollection}`, {
    token: owner.token,
    body: { Imei: key, Name: 'Ring me' },
  });
  expect(registered.statusCode).toBe(201);
  const everyone = [owner.email, ...others.map((o) => o.email)];
  const shared = await call(t.app, 'PATCH', `/api/fencealarms/${key}`, {
    token: owner.token,
    body: { Access: everyone, Notify: everyone, VoltageAlarm: { Enabled: true, AlarmLevel: 3000 } },
  });
  expect(shared.statusCode).toBe(200);
  return key;
}


/** What one user got: mails, SMS, push messages, and the SMS balance left. */
async function received(user: Member) {
  const mails = await db().select().from(mailbox).where(eq(mailbox.toEmail, user.email));
  const sms = await db().select().from(smsOutbox).where(eq(smsOutbox.toEmail, user.email));
  const [row] = await db().select().from(users).where(eq(users.id, user.id));
  const endpoint = JSON.parse(user.pushTokens[0]).endpoint as string;
  return {
    mails: mails.filter((mail) => mail.subject.startsWith('Alarm')).length,
    sms: sms.length,
    push: pushed.filter((p) => p === endpoint).length,
    balance: row.smsBalance,
  };
}

const channels = (who: Member, key: string, body?: unknown) =>
  call(t.app, body === undefined ? 'GET' : 'PUT', `/api/fencealarms/${key}/alarm-channels`, { token: who.token, body });

describe('GET|PUT /{collection}/{key}/alarm-channels', () => {
  it('defaults to every channel for the owner and e-mail only for anyone else; each sets only their own', async () => {
    const [owner, friend, stranger] = [await member(), await member(), await member()];
    const admin = await member({ accountType: 'admin' });
    const key = await fence(owner, [friend]);
    expect((await channels(owner, key)).json()).toEqual({ Email: true, Sms: true, Push: true });
    expect((await channels(friend, key)).json()).toEqual({ Email: true, Sms: false, Push: false });

    const chosen = await channels(friend, key, { Email: false, Sms: true, Push: true });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ Email: false, Sms: true, Push: true });
    expect((await channels(friend, key)).json()).toEqual({ Email: false, Sms: true, Push: true });

    // The owner's and an admin's saves are their own: the friend's choice stays as the friend made it.
    expect((await channels(owner, key, { Email: true, Sms: false, Push: false })).statusCode).toBe(200);
    expect((await channels(admin, key, { Email: true, Sms: true, Push: true })).statusCode).toBe(200);
    expect((await channels(friend, key)).json()).toEqual({ Email: false, Sms: true, Push: true });
    expect((await channels(owner, key)).json()).toEqual({ Email: true, Sms: false, Push: false });

    // Who may not see the device gets 404; no session 401.
    expect((await channels(stranger, key)).statusCode).toBe(404);
    expect((await channels(stranger, key, { Email: true, Sms: true, Push: true })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/fencealarms/${key}/alarm-channels`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/smartplugs/${key}/alarm-channels`, { token: owner.token })).statusCode).toBe(404);
  });

  it.each([
    [{ Email: true, Sms: 'yes', Push: false }, 'Sms'],
    [{ Email: true, Sms: true }, 'Push'],
    [{ Email: true, Sms: true, Push: true, Phone: '+1' }, 'Phone'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const owner = await member();
    const key = await fence(owner);
    const response = await channels(owner, key, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().Field).toBe(field);
  });
});

describe('the notification worker honours each user’s choice', () => {
  it('tells someone the owner added by e-mail only, and by SMS and push once they turn them on themselves', async () => {
    const [owner, friend] = [await member(), await member()];
    const key = await fence(owner, [friend]);

    await fenceReading(t, key, 2000);
    await runDueJobs(deps());
    expect(await received(friend)).toEqual({ mails: 1, sms: 0, push: 0, balance: 10 });
    expect(await received(owner)).toEqual({ mails: 1, sms: 1, push: 1, balance: 9 });

    expect((await channels(friend, key, { Email: true, Sms: true, Push: true })).statusCode).toBe(200);
    await fenceReading(t, key, 5000);
    await runDueJobs(deps());
    expect(await received(friend)).toEqual({ mails: 1, sms: 1, push: 1, balance: 9 });

    // The account's switches still apply on top: SMS off in the account, no SMS for this device either.
    await db().update(users).set({ smsEnabled: false }).where(eq(users.id, friend.id));
    t.clock.advance(20 * 60_000);
    await fenceReading(t, key, 2000);
    await runDueJobs(deps());
    expect(await received(friend)).toEqual({ mails: 2, sms: 1, push: 2, balance: 9 });
  });

  it('sends nothing, and charges nothing, through a channel switched off after the alarm was queued', async () => {
    const [owner] = [await member()];
    const key = await fence(owner);
    await fenceReading(t, key, 2000);
    expect((await channels(owner, key, { Email: false, Sms: false, Push: false })).statusCode).toBe(200);
    await runDueJobs(deps());
    expect(await received(owner)).toEqual({ mails: 0, sms: 0, push: 0, balance: 10 });
    expect(await db().select().from(jobs)).toEqual([]);
  });

  it('when the device changes hands, the new owner (who accepted it) gets an owner’s channels and the old owner none', async () => {
    const [owner, buyer] = [await member(), await member()];
    const key = await fence(owner, [buyer]);
    // docs/product/devices.md "Transfers": an offer the buyer accepts; the old owner loses the device.
    expect((await handOver(t, 'fencealarm', key, owner, buyer)).statusCode).toBe(200);
    expect((await channels(buyer, key)).json()).toEqual({ Email: true, Sms: true, Push: true });
    expect((await channels(owner, key)).statusCode).toBe(404);
    await fenceReading(t, key, 2000);
    await runDueJobs(deps());
    expect(await received(buyer)).toEqual({ mails: 1, sms: 1, push: 1, balance: 9 });
    expect(await received(owner)).toEqual({ mails: 0, sms: 0, push: 0, balance: 10 });
  });

  it('forgets the choices with the device and with the user', async () => {
    const [owner, friend] = [await member(), await member()];
    const key = await fence(owner, [friend]);
    await channels(friend, key, { Email: true, Sms: true, Push: false });
    await channels(owner, key, { Email: true, Sms: false, Push: false });
    const rows = () => db().select().from(alarmChannels).where(eq(alarmChannels.key, key));
    expect(await rows()).toHaveLength(2);
    await db().delete(users).where(eq(users.id, friend.id));
    expect((await rows()).map((row) => row.userId)).toEqual([owner.id]);
    expect((await call(t.app, 'DELETE', `/api/fencealarms/${key}`, { token: owner.token })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    // Registered again by someone else, it starts from the defaults.
    const [row] = await db().select().from(devices).where(and(eq(devices.key, key)));
    expect(row).toBeUndefined();
  });
});
