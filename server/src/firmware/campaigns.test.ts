// Firmware campaigns end to end on the embedded broker (docs/product/firmware-campaigns.md): staff create one for
// FenceAlarm2 devices that answer their requests as each test says (done, failed, or never), and the runner sends each
// stage, moves on, pauses when a stage fails past the threshold, resumes, cancels and gives up on silent devices.
// Who may call the routes, what the form refuses, and the offline alarms held back while a device updates.
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { FIRMWARE_GRACE_MS, FIRMWARE_REPORT_TIMEOUT_MS } from '@paddock/shared/domain';
import { auditLog, devices, jobs } from '../db/schema';
import { sweepOffline } from '../devices/gateway/offlineSweep';
import { demoInventory, demoKey } from '../devices/inventory';
import { DEFAULT_NOTICE_SETTINGS, releaseHeldTriggers } from '../notify';
import { connectDevice, waitFor } from '../testing/devices';
import {
  APP_START_TIMEOUT_MS,
  adminToken,
  call,
  createMember,
  createTestApp,
  testConfig,
  type Member,
  type TestApp,
} from '../testing/testApp';

const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));
const SHA = 'ab12cd34'.repeat(8);
const URL_OK = 'https://fw.example.com/fencealarm2-2.0.0.bin';
type Json = Record<string, any>;
type Answer = 'done' | 'fail' | 'silent';

let t: TestApp;
let admin: string;
let owner: Member;
const clients: MqttClient[] = [];
let next = 10;

beforeAll(async () => {
  t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true });
  admin = await adminToken(t);
  owner = await createMember(t);
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

/** A FenceAlarm2 of the owner's, connected, running 1.4.2, answering firmware requests as `answer` says. */
async function fence(answer: Answer, product: 'fencealarm2' | 'smartplug' = 'fencealarm2'): Promise<string> {
  next += 1;
  const key = demoKey(product, next);
  const registered = await call(t.app, 'POST', `/api/users/${owner.id}/${product}s`, {
    token: owner.token,
    body: { Imei: key, Name: `Fence ${next}` },
  });
  expect(registered.statusCode).toBe(201);
  if (product !== 'fencealarm2') return key;
  const client = await connectDevice(t.app.mqttBroker!.url, key, SECRETS[key]);
  clients.push(client);
  client.on('message', (topic, payload) => {
    if (topic !== `devices/${key}/down/fota` || !payload.length || answer === 'silent') return;
    const { Id } = JSON.parse(payload.toString()) as { Id: string };
    const report =
      answer === 'done'
        ? { Id, Status: 'done', Progress: 100, Version: '2.0.0' }
        : { Id, Status: 'failed', Progress: 100, Error: 'checksum mismatch' };
    void client.publishAsync(`devices/${key}/up/fota`, JSON.stringify(report), { qos: 1 });
  });
  await client.subscribeAsync(`devices/${key}/down/fota`, { qos: 1 });
  await client.publishAsync(`devices/${key}/up/status`, JSON.stringify({ Online: true, Firmware: '1.4.2' }), { qos: 1 });
  await waitFor(
    () => device(key),
    (d) => d.Firmware?.Version === '1.4.2',
  );
  return key;
}

const device = async (key: string) => (await call(t.app, 'GET', `/api/fencealarm2s/${key}`, { token: owner.token })).json<Json>();
const body = (keys: string[], more: Json = {}) => ({
  Product: 'fencealarm2',
  Url: URL_OK,
  Sha256: SHA,
  Version: '2.0.0',
  Selection: { Kind: 'keys', Keys: keys },
  Stages: [50, 100],
  FailureThreshold: 20,
  ...more,
});
const create = (payload: unknown, token = admin) => call(t.app, 'POST', '/api/admin/firmware-campaigns', { token, body: payload });
const detail = async (id: string) => (await call(t.app, 'GET', `/api/admin/firmware-campaigns/${id}`, { token: admin })).json<Json>();
const act = (id: string, action: 'pause' | 'resume' | 'cancel', token = admin) =>
  call(t.app, 'POST', `/api/admin/firmware-campaigns/${id}/${action}`, { token });
const until = (id: string, done: (d: Json) => boolean) => waitFor(() => detail(id), done, 15_000);
const stateOf = (d: Json, key: string) => d.Devices.find((entry: Json) => entry.Key === key)?.State;

it('sends each stage in turn and is done when every device has the new version', async () => {
  const keys = [await fence('done'), await fence('done'), await fence('done'), await fence('done')];
  const created = await create(body(keys));
  expect(created.statusCode).toBe(201);
  const { Campaign, StageProgress } = created.json<Json>();
  expect(Campaign).toMatchObject({ State: 'running', Stage: 0, Stages: [50, 100], Counts: { Devices: 4, Pending: 4 } });
  // 50 % of four devices: the first two by key, then the other two.
  expect(StageProgress.map((stage: Json) => stage.Counts.Devices)).toEqual([2, 2]);

  const done = await until(Campaign.Id, (d) => d.Campaign.State === 'done');
  expect(done.Campaign.Counts).toMatchObject({ Devices: 4, Done: 4, Failed: 0 });
  expect(done.Devices.map((entry: Json) => [entry.Key, entry.Stage, entry.State, entry.Progress])).toEqual(
    keys.map((key, i) => [key, i < 2 ? 0 : 1, 'done', 100]),
  );
  // The second stage was sent only once the first was over.
  const [first, second] = [done.Devices[1], done.Devices[2]];
  expect(Date.parse(second.SentAt)).toBeGreaterThanOrEqual(Date.parse(first.FinishedAt));
  expect((await device(keys[3])).Firmware).toEqual({ Version: '2.0.0', Pending: null, LastError: null });
  const listed = (await call(t.app, 'GET', '/api/admin/firmware-campaigns', { token: admin })).json<Json>();
  expect(listed.Campaigns.find((c: Json) => c.Id === Campaign.Id)).toMatchObject({ State: 'done', Counts: { Done: 4 } });
}, 30_000);

it('a stage whose failures pass the threshold pauses the campaign; resuming accepts them and goes on', async () => {
  // Stage 1 (50 %): one of two fails (50 % > 20 %).
  const keys = [await fence('done'), await fence('fail'), await fence('done'), await fence('done')];
  const { Campaign } = (await create(body(keys))).json<Json>();
  const paused = await until(Campaign.Id, (d) => d.Campaign.State === 'paused');
  expect(paused.Campaign).toMatchObject({ PauseReason: 'failures', Stage: 0 });
  expect(paused.StageProgress[0]).toMatchObject({ FailureRate: 50, Counts: { Devices: 2, Failed: 1, Done: 1 } });
  expect(paused.Devices[1]).toMatchObject({ Key: keys[1], State: 'failed', Failure: 'device', Error: 'checksum mismatch' });
  // The next stage was not sent.
  expect([stateOf(paused, keys[2]), stateOf(paused, keys[3])]).toEqual(['pending', 'pending']);
  // Audited, with the reason.
  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'firmware.stage-failed'), eq(auditLog.path, `/api/admin/firmware-campaigns/${Campaign.Id}`)));
  expect(entry.after).toMatchObject({ PauseReason: 'failures', Failed: 1, Devices: 2, FailureRate: 50, FailureThreshold: 20 });

  expect((await act(Campaign.Id, 'resume')).statusCode).toBe(200);
  const done = await until(Campaign.Id, (d) => d.Campaign.State === 'done');
  expect(done.Campaign.Counts).toMatchObject({ Done: 3, Failed: 1 });
  const audited = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.path, `/api/admin/firmware-campaigns/${Campaign.Id}/resume`));
  expect(audited.map((row) => [row.action, row.status])).toEqual([['firmware.resume', 200]]);
}, 30_000);

it('pauses and cancels at staff’s word: nothing more is sent', async () => {
  const silent = await fence('silent');
  const keys = [silent, await fence('done')];
  const { Campaign } = (await create(body(keys))).json<Json>();
  await until(Campaign.Id, (d) => stateOf(d, silent) === 'sent');
  const pause = await act(Campaign.Id, 'pause');
  expect(pause.statusCode).toBe(200);
  expect(pause.json<Json>().Campaign).toMatchObject({ State: 'paused', PauseReason: 'staff' });
  expect((await act(Campaign.Id, 'pause')).json<Json>()).toMatchObject({ Error: 'campaign_state', Field: 'State' });
  expect((await act(Campaign.Id, 'resume')).json<Json>().Campaign.State).toBe('running');
  const cancelled = await act(Campaign.Id, 'cancel');
  expect(cancelled.json<Json>().Campaign).toMatchObject({ State: 'cancelled', PauseReason: null });
  expect((await act(Campaign.Id, 'resume')).statusCode).toBe(409);
  // A campaign created later is run after this one in each pass: once it is done, the runner has passed here too.
  const later = (await create(body([await fence('done')], { Stages: [100] }))).json<Json>().Campaign.Id as string;
  await until(later, (d) => d.Campaign.State === 'done');
  expect(stateOf(await detail(Campaign.Id), keys[1])).toBe('pending');
  expect((await device(keys[1])).Firmware.Pending).toBeNull();
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.path, `/api/admin/firmware-campaigns/${Campaign.Id}/${action}`));
    expect(audited.every((row) => row.action === `firmware.${action}`)).toBe(true);
  }
}, 30_000);

it('counts a device that sends no report within the time-out as failed, and withdraws its request', async () => {
  const silent = await fence('silent');
  const { Campaign } = (await create(body([silent], { Stages: [100], FailureThreshold: 100 }))).json<Json>();
  await until(Campaign.Id, (d) => stateOf(d, silent) === 'sent');
  expect((await device(silent)).Firmware.Pending).toMatchObject({ Status: 'requested', Url: URL_OK });
  t.clock.advance(FIRMWARE_REPORT_TIMEOUT_MS);
  const done = await until(Campaign.Id, (d) => d.Campaign.State === 'done');
  expect(done.Devices[0]).toMatchObject({ State: 'failed', Failure: 'no_report' });
  expect((await device(silent)).Firmware).toMatchObject({ Pending: null, Version: '1.4.2' });
}, 30_000);

it('chooses devices by version, tag and owner, and refuses what is wrong, naming the field', async () => {
  const key = await fence('silent');
  await t.database.db
    .update(devices)
    .set({ tags: ['north-block'] })
    .where(eq(devices.key, key));
  const keysOf = async (selection: Json) => {
    const response = await create(body([], { Selection: selection }));
    if (response.statusCode !== 201) return response.json<Json>().Field as string;
    const { Campaign, Devices } = response.json<Json>();
    await act(Campaign.Id, 'cancel');
    return (Devices as Json[]).map((entry) => entry.Key);
  };
  expect(await keysOf({ Kind: 'tag', Tag: 'north-block' })).toEqual([key]);
  expect(await keysOf({ Kind: 'tag', Tag: 'south-block' })).toBe('Selection');
  expect(await keysOf({ Kind: 'owner', Owner: owner.email.toUpperCase() })).toContain(key);
  expect(await keysOf({ Kind: 'owner', Owner: 'nobody@example.com' })).toBe('Selection.Owner');
  expect(await keysOf({ Kind: 'version', Version: '1.4.2' })).toContain(key);
  expect(await keysOf({ Kind: 'version', Version: '0.0.1' })).toBe('Selection');
  expect(await keysOf({ Kind: 'version' })).toBe('Selection.Version');
  expect(await keysOf({ Kind: 'keys', Keys: [key, demoKey('fencealarm2', 59)] })).toBe('Selection.Keys');

  const plug = await fence('silent', 'smartplug');
  for (const [bad, field] of [
    [body([key], { Url: 'http://fw.example.com/a.bin' }), 'Url'],
    [body([key], { Url: 'coaps://fw.example.com/a.bin' }), 'Url'],
    [body([key], { Sha256: 'ab12' }), 'Sha256'],
    [body([key], { Sha256: 'zz'.repeat(32) }), 'Sha256'],
    [body([key], { Stages: [10, 5, 100] }), 'Stages'],
    [body([key], { Stages: [10, 50] }), 'Stages'],
    [body([key], { Stages: [0, 100] }), 'Stages.0'],
    [body([key], { FailureThreshold: 0 }), 'FailureThreshold'],
    [body([key], { FailureThreshold: 101 }), 'FailureThreshold'],
    [body([key], { Version: '' }), 'Version'],
    [body([plug], { Product: 'smartplug' }), 'Product'],
    [body([key], { Selection: { Kind: 'everything' } }), 'Selection.Kind'],
  ] as const) {
    const response = await create(bad);
    expect([response.statusCode, response.json<Json>().Field]).toEqual([400, field]);
  }
}, 30_000);

it('is for admins only', async () => {
  const key = await fence('silent');
  expect((await call(t.app, 'POST', '/api/admin/firmware-campaigns', { body: body([key]) })).statusCode).toBe(401);
  expect((await create(body([key]), owner.token)).statusCode).toBe(403);
  expect((await call(t.app, 'GET', '/api/admin/firmware-campaigns', { token: owner.token })).statusCode).toBe(403);
  const { Campaign } = (await create(body([key]))).json<Json>();
  expect((await call(t.app, 'GET', `/api/admin/firmware-campaigns/${Campaign.Id}`, { token: owner.token })).statusCode).toBe(403);
  expect((await act(Campaign.Id, 'cancel', owner.token)).statusCode).toBe(403);
  expect((await act('00000000-0000-4000-8000-000000000000', 'cancel')).statusCode).toBe(404);
  expect((await act(Campaign.Id, 'cancel')).statusCode).toBe(200);
}, 30_000);

// FenceAlarm2, the one product that takes updates today, has no offline alarm: the rule is the device's Firmware
// whatever its product, so a SmartPlug with an update under way in its fields shows it.
describe('offline alarms of a device updating its firmware', () => {
  const jobsFor = async (key: string) =>
    (await t.database.db.select().from(jobs)).filter((job) => job.payload.key === key && job.payload.alarm === 'offline');
  const setFirmware = async (key: string, firmware: Json) => {
    const [row] = await t.database.db.select().from(devices).where(eq(devices.key, key));
    await t.database.db
      .update(devices)
      .set({ fields: { ...row.fields, Firmware: firmware } })
      .where(eq(devices.key, key));
  };
  const goOffline = async (key: string) => {
    await t.database.db
      .update(devices)
      .set({ offlineAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(devices.key, key));
    expect(await sweepOffline(t.database.db, t.clock.now())).toContain(key);
  };

  it('are told for a device that is not updating', async () => {
    const key = await fence('silent', 'smartplug');
    await goOffline(key);
    expect((await jobsFor(key)).length).toBeGreaterThan(0);
  });

  it('are held while the update runs and for the grace period after, then told if it is still offline', async () => {
    const key = await fence('silent', 'smartplug');
    const requestedAt = t.clock.now().toISOString();
    await setFirmware(key, {
      Version: '1.0.0',
      Pending: { Id: 'fw-1', Url: URL_OK, Checksum: SHA, RequestedAt: requestedAt, Status: 'installing', Progress: 100 },
    });
    await goOffline(key);
    await releaseHeldTriggers(t.database.db, t.clock.now(), DEFAULT_NOTICE_SETTINGS);
    expect(await jobsFor(key)).toEqual([]);
    // The update ends; within the grace period, still nothing.
    t.clock.advance(60_000);
    await setFirmware(key, { Version: '2.0.0', Pending: null, LastError: null, LastId: 'fw-1', EndedAt: t.clock.now().toISOString() });
    t.clock.advance(FIRMWARE_GRACE_MS - 60_000);
    await releaseHeldTriggers(t.database.db, t.clock.now(), DEFAULT_NOTICE_SETTINGS);
    expect(await jobsFor(key)).toEqual([]);
    // Past it and still offline: the owner is told.
    t.clock.advance(120_000);
    await releaseHeldTriggers(t.database.db, t.clock.now(), DEFAULT_NOTICE_SETTINGS);
    expect((await jobsFor(key)).length).toBeGreaterThan(0);
  });

  it('are told once an update that never reports is past its time-out', async () => {
    const key = await fence('silent', 'smartplug');
    const requestedAt = new Date(t.clock.now().getTime() - FIRMWARE_REPORT_TIMEOUT_MS).toISOString();
    await setFirmware(key, {
      Version: '1.0.0',
      Pending: { Id: 'fw-2', Url: URL_OK, Checksum: SHA, RequestedAt: requestedAt, Status: 'requested', Progress: 0 },
    });
    await goOffline(key);
    expect((await jobsFor(key)).length).toBeGreaterThan(0);
  });
});
