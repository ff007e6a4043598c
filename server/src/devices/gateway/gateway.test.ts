// The device gateway end to end: a real database, a real broker (the embedded one; on PostgreSQL also a spawned
// Mosquitto, and two server instances sharing it), and real mqtt.js clients signing in as devices.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { alarmNotices, deviceReadings, devices, jobs } from '../../db/schema';
import { collect, connectDevice, gatewayCaughtUp, nextMessage, refusalCode, uplinksCaughtUp, waitFor } from '../../testing/devices';
import { FakeTimers } from '../../testing/fakeTimers';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../../testing/mosquitto';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, createUser, mailsTo, signIn, testConfig, type TestApp } from '../../testing/testApp';
import { demoInventory, demoKey } from '../inventory';
import { noticeSettings } from '../../notify/alarmNotices';
import { sweepOffline } from './offlineSweep';

const onPostgres = process.env.PADDOCK_TEST_DB === 'postgres';
const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));

interface Rig {
  t: TestApp;
  timers: FakeTimers;
  /** Where devices connect. */
  url: string;
  /** The CONNACK codes a refused device may get: 4 (bad user name or password), Mosquitto also 5. */
  refusals: number[];
  embedded: boolean;
  stop(): Promise<void>;
}

const APP_OVERRIDES = { host: '127.0.0.1', offlineSweepSeconds: 1, notifyPollSeconds: 1 };

async function embeddedRig(): Promise<Rig> {
  const timers = new FakeTimers();
  const t = await createTestApp({ ...APP_OVERRIDES, mqttPort: 0, mqttUrl: null }, { devices: true, timers });
  return { t, timers, url: t.app.mqttBroker!.url, refusals: [4], embedded: true, stop: () => t.close() };
}

const serverUsers = () => ({ 'paddock-server-1': randomBytes(12).toString('hex'), 'paddock-server-2': randomBytes(12).toString('hex') });

async function mosquittoRig(): Promise<Rig & { mosquitto: Mosquitto }> {
  const mosquitto = await startMosquitto(SECRETS, serverUsers());
  const timers = new FakeTimers();
  const t = await createTestApp({ ...APP_OVERRIDES, mqttUrl: mosquitto.serverUrl('paddock-server-1') }, { devices: true, timers });
  return {
    t,
    timers,
    mosquitto,
    url: mosquitto.url,
    refusals: [4, 5],
    embedded: false,
    async stop() {
      await t.close();
      await mosquitto.stop();
    },
  };
}

type Member = Awaited<ReturnType<typeof createUser>> & { token: string };
type Json = Record<string, any>;

function describeGateway(title: string, makeRig: () => Promise<Rig>) {
  describe(title, () => {
    let rig: Rig;
    let t: TestApp;
    const clients: MqttClient[] = [];
    beforeAll(async () => {
      rig = await makeRig();
      t = rig.t;
    }, APP_START_TIMEOUT_MS);
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    });
    afterAll(() => rig.stop());

    const used: Partial<Record<ProductId, number>> = {};
    const freeKey = (product: ProductId) => demoKey(product, (used[product] = (used[product] ?? 1) + 1));

    async function member(locale?: string): Promise<Member> {
      const user = await createUser(t, locale ? { locale } : {});
      return { ...user, token: await signIn(t, user.email, user.password) };
    }
    async function registered(product: ProductId, owner?: Member) {
      const me = owner ?? (await member());
      const key = freeKey(product);
      const response = await call(t.app, 'POST', `/api/users/${me.id}/${PRODUCTS[product].apiCollection}`, {
        token: me.token,
        body: { [PRODUCTS[product].keyField]: key, Name: 'Gateway test' },
      });
      expect(response.statusCode).toBe(201);
      return { owner: me, key, device: response.json<Json>() };
    }
    async function device(key: string, options: Parameters<typeof connectDevice>[3] = {}) {
      const client = await connectDevice(rig.url, key, SECRETS[key], options);
      clients.push(client);
      return client;
    }
    const url = (product: ProductId, key: string) => `/api/${PRODUCTS[product].apiCollection}/${key}`;
    const get = async (owner: Member, product: ProductId, key: string) =>
      (await call(t.app, 'GET', url(product, key), { token: owner.token })).json<Json>();
    const until = (owner: Member, product: ProductId, key: string, done: (device: Json) => boolean) =>
      waitFor(() => get(owner, product, key), done);
    const send = (client: MqttClient, key: string, name: string, payload: unknown) =>
      client.publishAsync(`devices/${key}/up/${name}`, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
    const history = (key: string) =>
      t.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, key)).orderBy(deviceReadings.at);
    const row = async (key: string) => (await t.database.db.select().from(devices).where(eq(devices.key, key)))[0];
    const plugReading = { Load: 120, Consumption: 35012, Temperature: 4.5, SignalStrength: 78, PowerEnabled: true, MainsPower: true };

    describe('signing in', () => {
      it('lets a device in with its inventory secret; refuses a wrong secret and an unknown key', async () => {
        const { key } = await registered('fencealarm');
        expect((await device(key)).connected).toBe(true);
        expect(rig.refusals).toContain(await refusalCode(rig.url, { clientId: key, username: key, password: 'not-its-secret' }));
        expect(rig.refusals).toContain(
          await refusalCode(rig.url, { clientId: '999999999999999', username: '999999999999999', password: 'x'.repeat(32) }),
        );
      });
    });

    describe('topic isolation', () => {
      it('device A never receives what is sent to device B', async () => {
        const { owner, key: a } = await registered('smartplug');
        const { key: b } = await registered('smartplug', owner);
        const clientA = await device(a);
        const received = collect(clientA);
        const grants = await clientA
          .subscribeAsync({ [`devices/${b}/down/#`]: { qos: 1 }, 'devices/+/down/#': { qos: 1 } })
          .catch((error: { packet?: { granted?: number[] } }) => error.packet?.granted);
        if (rig.embedded) expect(grants).toEqual([128, 128]);
        // Listen before subscribing: a retained message may come in the same packet as the SUBACK.
        const own = nextMessage(clientA, `devices/${a}/down/config`); // its own retained configuration
        await clientA.subscribeAsync(`devices/${a}/down/#`, { qos: 1 });
        await own;
        const ownSecond = nextMessage(clientA, `devices/${a}/down/config`, (payload) => JSON.parse(payload).Version === 2);
        expect((await call(t.app, 'PATCH', url('smartplug', b), { token: owner.token, body: { BeepEnabled: false } })).statusCode).toBe(
          200,
        );
        expect((await call(t.app, 'PATCH', url('smartplug', a), { token: owner.token, body: { BeepEnabled: false } })).statusCode).toBe(
          200,
        );
        await ownSecond;
        await gatewayCaughtUp(t, clientA, a); // B's change was published before A's, and this after both
        // Its own configuration (twice or more: Mosquitto grants the wildcard and filters each message instead).
        expect(received.filter((message) => message.topic === `devices/${a}/down/config`).length).toBeGreaterThanOrEqual(2);
        const others = received.filter((message) => ![`devices/${a}/down/config`, `devices/${a}/down/simulate`].includes(message.topic));
        expect(others).toEqual([]);
      });

      it('device A cannot report for device B: B’s data stays unchanged', async () => {
        const { owner, key: a } = await registered('smartplug');
        const { key: b } = await registered('smartplug', owner);
        const clientA = await device(a);
        clientA.on('error', () => undefined); // the embedded broker closes A's connection
        // Done once the broker has answered both (Mosquitto acknowledges a refused publish) or closed A's connection:
        // it has dealt with them by then, so what it would have passed on comes before B's own reading below.
        await new Promise<void>((resolve) => {
          let answered = 0;
          const one = () => ++answered === 2 && resolve();
          clientA.once('close', () => resolve());
          clientA.publish(`devices/${b}/up/reading`, JSON.stringify({ ...plugReading, Load: 999 }), { qos: 1 }, one);
          clientA.publish(`devices/${b}/up/status`, JSON.stringify({ Online: false }), { qos: 1, retain: true }, one);
        });
        const clientB = await device(b);
        await send(clientB, b, 'reading', { ...plugReading, Load: 7 });
        const seen = await until(owner, 'smartplug', b, (d) => d.Load === 7);
        expect(seen.OfflineAlarm.Triggered).toBe(false);
        await t.app.deviceGateway.idle();
        expect((await history(b)).map((reading) => reading.data.Load)).toEqual([7]);
      });
    });

    describe('readings', () => {
      it('update the device in the user’s list, change the ETag, and are kept as history once', async () => {
        const { owner, key } = await registered('smartplug');
        const list = () => call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: owner.token });
        const etag = (await list()).headers.etag as string;
        const client = await device(key);
        const At = new Date(t.clock.now().getTime() - 1000).toISOString();
        await send(client, key, 'reading', { At, ...plugReading });
        const after = await waitFor(list, (response) => response.json<Json>().Smartplugs[0].Load === 120);
        expect(after.headers.etag).not.toBe(etag);
        expect(after.json<Json>().Smartplugs[0]).toMatchObject({
          Load: 120,
          Consumption: 35012,
          Temperature: 4.5,
          SignalStrength: 78,
          PowerEnabled: true,
          LastUplinkAt: At,
          OfflineAlarm: { Triggered: false },
        });
        // The same reading again (a retry, or another server instance): one history row, nothing visible changes.
        await send(client, key, 'reading', { At, ...plugReading });
        await uplinksCaughtUp(t, client, key);
        const rows = await history(key);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ at: new Date(At), data: plugReading });
        const again = await call(t.app, 'GET', `/api/users/${owner.id}/devices`, {
          token: owner.token,
          headers: { 'if-none-match': after.headers.etag as string },
        });
        expect(again.statusCode).toBe(304);
      });

      it('from every product set its live values (an old one late goes to the history only)', async () => {
        const sim = await registered('farmcam-sim');
        // The network's usage counter: the first is the baseline, the next uses data from the registration trial's 1 GB.
        const simClient = await device(sim.key);
        await send(simClient, sim.key, 'reading', { UsedData: 5_000_000_000 });
        await until(sim.owner, 'farmcam-sim', sim.key, (d) => d.UsedData === 5_000_000_000);
        await send(simClient, sim.key, 'reading', { UsedData: 5_156_800_000 });
        await until(sim.owner, 'farmcam-sim', sim.key, (d) => d.RemainingData === 843_200_000);

        const fence = await registered('fencealarm');
        const client = await device(fence.key);
        const now = t.clock.now().getTime();
        await send(client, fence.key, 'reading', { At: new Date(now - 1000).toISOString(), Voltage: 5230, Battery: 12.4, Rssi: -71 });
        await send(client, fence.key, 'reading', { At: new Date(now - 60_000).toISOString(), Voltage: 4000, Battery: 12.1, Rssi: -80 });
        await waitFor(
          () => history(fence.key),
          (rows) => rows.length === 2,
        );
        expect((await get(fence.owner, 'fencealarm', fence.key)).LastReport).toEqual({
          Timestamp: new Date(now - 1000).toISOString(),
          Data: { Voltage: 5230, Battery: 12.4, Rssi: -71 },
        });
      });

      it('drop a bad payload without applying it, and go on with the next', async () => {
        const { owner, key } = await registered('fencealarm2');
        const client = await device(key);
        for (const bad of ['not json', '[1,2]', '{"Voltage":"high"}', '{}', '{"Voltage":-5}', '{"Voltage":5000,"At":"yesterday"}']) {
          await send(client, key, 'reading', bad);
        }
        await send(client, key, 'status', '{"Online":"yes"}');
        await send(client, key, 'config', '{"Threshold":3057}');
        await send(client, key, 'reading', { Voltage: 6000 });
        await until(owner, 'fencealarm2', key, (d) => d.Voltage === 6000);
        expect((await history(key)).map((reading) => reading.data)).toEqual([{ Voltage: 6000 }]);
        expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
      });

      it('from a device in the inventory but not registered are ignored', async () => {
        const key = freeKey('smartplug2');
        const client = await device(key);
        await send(client, key, 'reading', { Load: 1, Consumption: 1, SignalStrength: 1, PowerEnabled: true, MainsPower: true });
        await send(client, key, 'status', { Online: true });
        await uplinksCaughtUp(t, client, key);
        expect(await history(key)).toEqual([]);
        expect(await row(key)).toBeUndefined();
      });
    });

    describe('alarms (each reading sets Triggered; it clears when the value is back inside)', () => {
      it('FenceAlarm: voltage below the alarm level, battery below 11.5 V', async () => {
        const { owner, key } = await registered('fencealarm');
        const client = await device(key);
        await send(client, key, 'reading', { Voltage: 4999, Battery: 11.4, Rssi: -70 });
        const low = await until(owner, 'fencealarm', key, (d) => d.LastReport?.Data.Voltage === 4999);
        expect(low).toMatchObject({ VoltageAlarm: { Triggered: true, AlarmLevel: 5000 }, LowBatteryAlarm: { Triggered: true } });
        await send(client, key, 'reading', { Voltage: 5000, Battery: 11.5, Rssi: -70 });
        const fine = await until(owner, 'fencealarm', key, (d) => d.LastReport?.Data.Voltage === 5000);
        expect(fine).toMatchObject({ VoltageAlarm: { Triggered: false }, LowBatteryAlarm: { Triggered: false } });
      });

      it('FenceAlarm2: voltage below the threshold', async () => {
        const { owner, key } = await registered('fencealarm2');
        const client = await device(key);
        await send(client, key, 'reading', { Voltage: 5009 });
        expect((await until(owner, 'fencealarm2', key, (d) => d.Voltage === 5009)).VoltageAlarm).toMatchObject({
          Triggered: true,
          Threshold: 5010,
        });
        await send(client, key, 'reading', { Voltage: 5010 });
        expect((await until(owner, 'fencealarm2', key, (d) => d.Voltage === 5010)).VoltageAlarm.Triggered).toBe(false);
      });

      it('SmartPlug: load outside its bounds, temperature outside its range, power failure', async () => {
        const { owner, key } = await registered('smartplug');
        const settings = {
          LoadAlarm: { Enabled: true, Lower: 10, Upper: 2000 },
          TemperatureRangeAlarm: { Enabled: true, Lower: 0, Upper: 30 },
        };
        expect((await call(t.app, 'PATCH', url('smartplug', key), { token: owner.token, body: settings })).statusCode).toBe(200);
        const client = await device(key);
        await send(client, key, 'reading', { ...plugReading, Load: 2001, Temperature: -1, MainsPower: false });
        const alarmed = await until(owner, 'smartplug', key, (d) => d.Load === 2001);
        expect(alarmed).toMatchObject({
          LoadAlarm: { Triggered: true },
          TemperatureRangeAlarm: { Triggered: true },
          PowerFailureAlarm: { Triggered: true },
        });
        await send(client, key, 'reading', { ...plugReading, Load: 2000, Temperature: 30, MainsPower: true });
        const normal = await until(owner, 'smartplug', key, (d) => d.Load === 2000);
        expect(normal).toMatchObject({
          LoadAlarm: { Triggered: false },
          TemperatureRangeAlarm: { Triggered: false },
          PowerFailureAlarm: { Triggered: false },
        });
      });

      it('SmartPlug2: power load outside its bounds, power failure', async () => {
        const { owner, key } = await registered('smartplug2');
        const body = { DeviceConfig: { PowerLoadAlarm: { Lower: 100, Upper: 3000 } } };
        expect((await call(t.app, 'PATCH', url('smartplug2', key), { token: owner.token, body })).statusCode).toBe(200);
        const client = await device(key);
        const { Temperature: _none, ...reading } = plugReading;
        await send(client, key, 'reading', { ...reading, Load: 99, MainsPower: false });
        const alarmed = await until(owner, 'smartplug2', key, (d) => d.Load === 99);
        expect(alarmed).toMatchObject({ PowerLoadAlarmNotification: { Triggered: true }, PowerFailureNotification: { Triggered: true } });
        await send(client, key, 'reading', { ...reading, Load: 100 });
        const normal = await until(owner, 'smartplug2', key, (d) => d.Load === 100);
        expect(normal).toMatchObject({ PowerLoadAlarmNotification: { Triggered: false }, PowerFailureNotification: { Triggered: false } });
      });
    });

    describe('configuration downlink', () => {
      it('reaches the device retained after registration and each change; its report clears Pending', async () => {
        const { owner, key, device: registeredDevice } = await registered('fencealarm');
        expect(registeredDevice.ConfigSync).toEqual({ Pending: true, AppliedAt: null });
        const client = await device(key);
        const firstMessage = nextMessage(client, `devices/${key}/down/config`);
        await client.subscribeAsync(`devices/${key}/down/#`, { qos: 1 });
        const first = await firstMessage;
        expect(first.retain).toBe(true);
        expect(JSON.parse(first.payload)).toEqual({
          AlarmEnabled: false,
          AlarmLevel: 5000,
          Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 },
          Version: 1,
        });

        const secondMessage = nextMessage(client, `devices/${key}/down/config`);
        const saved = await call(t.app, 'PATCH', url('fencealarm', key), {
          token: owner.token,
          body: { VoltageAlarm: { Enabled: true, AlarmLevel: 3000 } },
        });
        expect(saved.json<Json>()).toMatchObject({
          ConfigSync: { Pending: true },
          Config: { AlarmLevel: 5000 },
          VoltageAlarm: { AlarmLevel: 3000 },
        });
        const second = JSON.parse((await secondMessage).payload);
        expect(second).toMatchObject({ Version: 2, AlarmEnabled: true, AlarmLevel: 3000 });

        // A device that connects later still finds it (retained).
        await client.endAsync();
        const later = await device(key);
        const retainedMessage = nextMessage(later, `devices/${key}/down/config`);
        await later.subscribeAsync(`devices/${key}/down/config`, { qos: 1 });
        const retained = await retainedMessage;
        expect(retained.retain).toBe(true);
        expect(JSON.parse(retained.payload)).toEqual(second);

        await send(later, key, 'config', second);
        const applied = await until(owner, 'fencealarm', key, (d) => d.ConfigSync.Pending === false);
        expect(applied.Config).toEqual({ AlarmLevel: 3000 });
        expect(Date.parse(applied.ConfigSync.AppliedAt)).toBeGreaterThan(0);
      });

      it('publishes only when the configuration changes; an older version reported keeps Pending', async () => {
        const { owner, key } = await registered('smartplug');
        const client = await device(key);
        const v1Message = nextMessage(client, `devices/${key}/down/config`);
        await client.subscribeAsync(`devices/${key}/down/config`, { qos: 1 });
        const v1 = JSON.parse((await v1Message).payload);
        await send(client, key, 'config', v1);
        await until(owner, 'smartplug', key, (d) => d.ConfigSync.Pending === false);
        const received = collect(client);
        const renamed = await call(t.app, 'PATCH', url('smartplug', key), { token: owner.token, body: { Name: 'Renamed' } });
        expect(renamed.json<Json>().ConfigSync.Pending).toBe(false);
        const timer = { Enabled: true, On: ['0 6 1,2,3,4,5'], Off: ['30 18 1,2,3,4,5'] };
        const v2Message = nextMessage(client, `devices/${key}/down/config`);
        expect(
          (await call(t.app, 'PATCH', url('smartplug', key), { token: owner.token, body: { Timer: timer } })).json<Json>().ConfigSync
            .Pending,
        ).toBe(true);
        const v2 = JSON.parse((await v2Message).payload);
        expect(v2).toMatchObject({ Version: 2, Timer: timer, BeepEnabled: true });
        expect(received).toHaveLength(1); // the rename sent nothing
        await send(client, key, 'config', v1);
        await send(client, key, 'reading', plugReading);
        await until(owner, 'smartplug', key, (d) => d.Load === 120);
        expect((await get(owner, 'smartplug', key)).ConfigSync.Pending).toBe(true);
      });

      it('is cleared when the device is unregistered', async () => {
        const { owner, key } = await registered('fencealarm2');
        expect((await call(t.app, 'DELETE', url('fencealarm2', key), { token: owner.token })).statusCode).toBe(204);
        const client = await device(key);
        await gatewayCaughtUp(t, client, key); // the clearing publishes have reached the broker
        const received = collect(client);
        await client.subscribeAsync(`devices/${key}/down/#`, { qos: 1 });
        await gatewayCaughtUp(t, client, key); // and whatever is retained for the key has come
        expect(received.filter((message) => message.payload !== '' && !message.topic.endsWith('/down/simulate'))).toEqual([]);
      });
    });

    describe('power', () => {
      /** The plug: answers every set-power command (or refuses, or stays silent). */
      async function plug(key: string, answer: 'ok' | 'refuse' | 'silent' = 'ok') {
        const client = await device(key);
        const commands: Json[] = [];
        client.on('message', (topic, payload) => {
          if (topic !== `devices/${key}/down/command`) return;
          const command = JSON.parse(payload.toString());
          commands.push(command);
          if (answer === 'silent') return;
          const ack =
            answer === 'ok'
              ? { Id: command.Id, Ok: true, PowerEnabled: command.Enabled }
              : { Id: command.Id, Ok: false, Error: 'relay stuck' };
          void send(client, key, 'ack', ack);
        });
        await client.subscribeAsync(`devices/${key}/down/command`, { qos: 1 });
        return commands;
      }

      it('SmartPlug: the ack answers 200 with the device and PowerEnabled is stored', async () => {
        const { owner, key } = await registered('smartplug');
        const commands = await plug(key);
        const response = await call(t.app, 'PUT', `${url('smartplug', key)}/power-enabled`, {
          token: owner.token,
          body: { Enabled: false },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json<Json>()).toMatchObject({ Imei: key, PowerEnabled: false });
        expect(commands).toEqual([{ Id: expect.stringMatching(/^[0-9a-f-]{36}$/), Command: 'set-power', Enabled: false }]);
        expect((await get(owner, 'smartplug', key)).PowerEnabled).toBe(false);
      });

      it('a plug known to be offline is refused at once (409, no command); back online, its alarm clears and it is switched', async () => {
        const { owner, key } = await registered('smartplug');
        const before = await device(key);
        const commands: Json[] = [];
        before.on('message', (topic, payload) => topic.endsWith('/down/command') && commands.push(JSON.parse(payload.toString())));
        await before.subscribeAsync(`devices/${key}/down/command`, { qos: 1 });
        await send(before, key, 'status', { Online: false });
        await until(owner, 'smartplug', key, (d) => d.OfflineAlarm.Triggered === true);
        const notices = () => t.database.db.select().from(alarmNotices).where(eq(alarmNotices.key, key));
        await waitFor(notices, (rows) => rows.some((row) => row.alarm === 'offline' && row.open));
        // docs/product/errors.md: answered at once, not after the 60 s wait; nothing is sent to the plug.
        const refused = await call(t.app, 'PUT', `${url('smartplug', key)}/power-enabled`, { token: owner.token, body: { Enabled: false } });
        expect(refused.statusCode).toBe(409);
        expect(refused.json<Json>()).toMatchObject({ Error: 'device_offline', Field: 'PowerEnabled' });
        await gatewayCaughtUp(t, before, key); // a command, had one been sent, would have come first
        expect(commands).toEqual([]);
        // Any message brings it back; the clear of its offline alarm is told, and the command goes through.
        await send(before, key, 'reading', { At: new Date(t.clock.now().getTime() - 1000).toISOString(), ...plugReading });
        await until(owner, 'smartplug', key, (d) => d.OfflineAlarm.Triggered === false);
        await waitFor(notices, (rows) => rows.some((row) => row.alarm === 'offline' && !row.open));
        await before.endAsync();
        await plug(key);
        const response = await call(t.app, 'PUT', `${url('smartplug', key)}/power-enabled`, { token: owner.token, body: { Enabled: false } });
        expect(response.statusCode).toBe(200);
        expect(response.json<Json>()).toMatchObject({ PowerEnabled: false, Connection: { Offline: false } });
      });

      it('SmartPlug2: a new OutputPower is a command; the whole change is saved once acknowledged', async () => {
        const { owner, key } = await registered('smartplug2');
        const commands = await plug(key);
        const response = await call(t.app, 'PATCH', url('smartplug2', key), {
          token: owner.token,
          body: { DeviceConfig: { OutputPower: false }, Metadata: { Name: 'Pump' } },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json<Json>()).toMatchObject({
          PowerEnabled: false,
          DeviceConfig: { OutputPower: false },
          Metadata: { Name: 'Pump' },
        });
        expect(commands).toHaveLength(1);
        // Saving the same OutputPower again asks the plug nothing.
        expect(
          (await call(t.app, 'PATCH', url('smartplug2', key), { token: owner.token, body: { DeviceConfig: { OutputPower: false } } }))
            .statusCode,
        ).toBe(200);
        expect(commands).toHaveLength(1);
      });

      it('no ack within 60 s: 408 with a localized message, and nothing changes', async () => {
        const owner = await member('sv-SE');
        const { key } = await registered('smartplug', owner);
        const commands = await plug(key, 'silent');
        const pending = call(t.app, 'PUT', `${url('smartplug', key)}/power-enabled`, { token: owner.token, body: { Enabled: false } });
        await waitFor(
          async () => commands.length,
          (count) => count === 1,
        );
        expect(rig.timers.waiting).toEqual([60_000]);
        rig.timers.advance(59_999);
        expect(rig.timers.waiting).toEqual([1]);
        rig.timers.advance(1);
        const response = await pending;
        expect(response.statusCode).toBe(408);
        expect(response.json()).toEqual({
          Error: 'device_timeout',
          Message: 'Enheten svarade inte inom 60 sekunder, så inget ändrades. Kontrollera att den är ansluten och försök igen.',
        });
        expect((await get(owner, 'smartplug', key)).PowerEnabled).toBe(true);
        // A late ack changes nothing either.
        await send(clients.at(-1)!, key, 'ack', { Id: commands[0].Id, Ok: true, PowerEnabled: false });
        await uplinksCaughtUp(t, clients.at(-1)!, key);
        expect((await get(owner, 'smartplug', key)).PowerEnabled).toBe(true);
      });

      it('SmartPlug2 without an ack: 408 and none of the change is saved', async () => {
        const { owner, key } = await registered('smartplug2');
        const commands = await plug(key, 'silent');
        const pending = call(t.app, 'PATCH', url('smartplug2', key), {
          token: owner.token,
          body: { DeviceConfig: { OutputPower: false }, Metadata: { Name: 'Pump' } },
        });
        await waitFor(
          async () => commands.length,
          (count) => count === 1,
        );
        rig.timers.advance(60_000);
        expect((await pending).statusCode).toBe(408);
        expect(await get(owner, 'smartplug2', key)).toMatchObject({
          PowerEnabled: true,
          DeviceConfig: { OutputPower: true },
          Metadata: { Name: 'Gateway test' },
        });
      });

      it('a refusal by the device is a 502 and nothing changes', async () => {
        const { owner, key } = await registered('smartplug');
        await plug(key, 'refuse');
        const response = await call(t.app, 'PUT', `${url('smartplug', key)}/power-enabled`, {
          token: owner.token,
          body: { Enabled: false },
        });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({ Error: 'device_command_failed' });
        expect((await get(owner, 'smartplug', key)).PowerEnabled).toBe(true);
      });

      it.each([
        ['shared', 200],
        ['admin', 200],
        ['stranger', 404],
      ])('permissions: %s gets %i (no command reaches the plug for a 404)', async (who, status) => {
        const { owner, key } = await registered('smartplug');
        const [shared, stranger] = [await member(), await member()];
        await call(t.app, 'PATCH', url('smartplug', key), { token: owner.token, body: { Access: [owner.email, shared.email] } });
        const token = who === 'shared' ? shared.token : who === 'admin' ? await adminToken(t) : stranger.token;
        const commands = await plug(key);
        const response = await call(t.app, 'PUT', `${url('smartplug', key)}/power-enabled`, { token, body: { Enabled: false } });
        expect(response.statusCode).toBe(status);
        expect(commands).toHaveLength(status === 200 ? 1 : 0);
      });

      it('checks the body and the path', async () => {
        const { owner, key } = await registered('smartplug');
        const bad = await call(t.app, 'PUT', `${url('smartplug', key)}/power-enabled`, { token: owner.token, body: { Enabled: 'off' } });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ Field: 'Enabled' });
        expect(
          (
            await call(t.app, 'PUT', `/api/smartplugs/${freeKey('fencealarm')}/power-enabled`, {
              token: owner.token,
              body: { Enabled: true },
            })
          ).statusCode,
        ).toBe(404);
        expect((await call(t.app, 'PUT', `${url('smartplug', key)}/power-enabled`, { body: { Enabled: true } })).statusCode).toBe(401);
      });
    });

    describe('offline', () => {
      it('three silent reporting intervals mark it (the sweep); any message clears it; its last will marks it at once', async () => {
        const { owner, key } = await registered('smartplug');
        const will = { topic: `devices/${key}/up/status`, payload: Buffer.from('{"Online":false}'), qos: 1 as const, retain: true };
        const client = await device(key, { will });
        await send(client, key, 'status', { Online: true, Firmware: '1.4.2', IntervalSeconds: 60 });
        await waitFor(
          () => row(key),
          (r) => r.reportingSeconds === 60,
        );
        t.clock.advance(170_000);
        // A sweep now, as the loop runs every second: 171 s of silence is not yet 3 × 60 s.
        expect(await sweepOffline(t.database.db, t.clock.now(), noticeSettings(t.config))).not.toContain(key);
        expect((await get(owner, 'smartplug', key)).OfflineAlarm.Triggered).toBe(false);
        t.clock.advance(10_000);
        await until(owner, 'smartplug', key, (d) => d.OfflineAlarm.Triggered === true);
        await send(client, key, 'reading', plugReading);
        await until(owner, 'smartplug', key, (d) => d.OfflineAlarm.Triggered === false);
        client.stream.destroy(); // gone without a goodbye: the broker publishes the will
        await until(owner, 'smartplug', key, (d) => d.OfflineAlarm.Triggered === true);
      });

      it('SmartPlug2 shows it as ConnectionLost; a status clears it', async () => {
        const { owner, key } = await registered('smartplug2');
        const client = await device(key);
        await send(client, key, 'status', { Online: false });
        await until(owner, 'smartplug2', key, (d) => d.ConnectionLost === true);
        await send(client, key, 'status', { Online: true });
        await until(owner, 'smartplug2', key, (d) => d.ConnectionLost === false);
      });
    });

    describe('PUT /admin/simulator/{key}', () => {
      it('publishes the fault to the simulated device, for admins only', async () => {
        const key = freeKey('fencealarm');
        const client = await device(key);
        await client.subscribeAsync(`devices/${key}/down/simulate`, { qos: 1 });
        const admin = await adminToken(t);
        const faulted = nextMessage(client, `devices/${key}/down/simulate`);
        expect((await call(t.app, 'PUT', `/api/admin/simulator/${key}`, { token: admin, body: { Fault: 'low-voltage' } })).statusCode).toBe(
          204,
        );
        expect(JSON.parse((await faulted).payload)).toEqual({ Fault: 'low-voltage' });
        const user = await member();
        expect((await call(t.app, 'PUT', `/api/admin/simulator/${key}`, { token: user.token, body: { Fault: 'none' } })).statusCode).toBe(
          403,
        );
        expect(
          (await call(t.app, 'PUT', '/api/admin/simulator/999999999999999', { token: admin, body: { Fault: 'none' } })).statusCode,
        ).toBe(404);
        const bad = await call(t.app, 'PUT', `/api/admin/simulator/${key}`, { token: admin, body: { Fault: 'fire' } });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ Field: 'Fault' });
      });
    });
  });
}

describeGateway('device gateway, embedded broker', embeddedRig);

// On PostgreSQL (the CI step that runs the server tests there), the same again with an external Mosquitto, and two
// server instances on one database and one broker.
if (onPostgres) {
  if (!existsSync(MOSQUITTO)) throw new Error(`${MOSQUITTO} is missing: apt-get install mosquitto (.ci/run does)`);
  describeGateway('device gateway, external Mosquitto', mosquittoRig);

  describe('two server instances on one database and one Mosquitto', () => {
    let rig: Awaited<ReturnType<typeof mosquittoRig>>;
    let second: TestApp;
    beforeAll(async () => {
      rig = await mosquittoRig();
      second = await createTestApp(
        { ...APP_OVERRIDES, mqttUrl: rig.mosquitto.serverUrl('paddock-server-2') },
        { devices: true, sameDatabaseAs: rig.t },
      );
    }, APP_START_TIMEOUT_MS);
    afterAll(async () => {
      await second.close();
      await rig.stop();
    });

    it('a power request on one instance is answered when the device acks; readings are stored once', async () => {
      const t = rig.t;
      const user = await createUser(t);
      const token = await signIn(second, user.email, user.password);
      const key = demoKey('smartplug', 2);
      expect(
        (await call(second.app, 'POST', `/api/users/${user.id}/smartplugs`, { token, body: { Imei: key, Name: 'Shared' } })).statusCode,
      ).toBe(201);
      const client = await connectDevice(rig.url, key, SECRETS[key]);
      try {
        client.on('message', (_topic, payload) => {
          const command = JSON.parse(payload.toString());
          void client.publishAsync(`devices/${key}/up/ack`, JSON.stringify({ Id: command.Id, Ok: true, PowerEnabled: command.Enabled }), {
            qos: 1,
          });
        });
        await client.subscribeAsync(`devices/${key}/down/command`, { qos: 1 });
        const response = await call(second.app, 'PUT', `/api/smartplugs/${key}/power-enabled`, { token, body: { Enabled: false } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ PowerEnabled: false });
        const firstToken = await signIn(t, user.email, user.password);
        expect((await call(t.app, 'GET', `/api/smartplugs/${key}`, { token: firstToken })).json()).toMatchObject({ PowerEnabled: false });

        // Both instances receive every reading; it is stored once, and both leave the same state.
        const At = new Date(Date.now() - 1000).toISOString();
        await client.publishAsync(
          `devices/${key}/up/reading`,
          JSON.stringify({
            At,
            ...{ Load: 75, Consumption: 1, Temperature: 20, SignalStrength: 50, PowerEnabled: false, MainsPower: true },
          }),
          { qos: 1 },
        );
        await waitFor(
          async () => (await call(t.app, 'GET', `/api/smartplugs/${key}`, { token: firstToken })).json<Json>(),
          (device) => device.Load === 75,
        );
        await uplinksCaughtUp([t, second], client, key);
        expect(await t.database.db.select().from(deviceReadings).where(eq(deviceReadings.key, key))).toHaveLength(1);
      } finally {
        await client.endAsync(true);
      }
    });

    it('readings are split between the instances (shared subscription) and stored once; an alarm is mailed once', async () => {
      const t = rig.t;
      const user = await createUser(t);
      const token = await signIn(t, user.email, user.password);
      const keys = [demoKey('smartplug', 3), demoKey('smartplug', 4)];
      for (const key of keys) {
        expect((await call(t.app, 'POST', `/api/users/${user.id}/smartplugs`, { token, body: { Imei: key, Name: 'Split' } })).statusCode).toBe(201);
        const alarm = { LoadAlarm: { Enabled: true, Lower: 10, Upper: 2000 } };
        expect((await call(t.app, 'PATCH', `/api/smartplugs/${key}`, { token, body: alarm })).statusCode).toBe(200);
      }
      const plugReading = { Load: 120, Consumption: 35012, Temperature: 4.5, SignalStrength: 78, PowerEnabled: true, MainsPower: true };
      const before = t.app.deviceGateway.applied + second.app.deviceGateway.applied;
      const clients = await Promise.all(keys.map((key) => connectDevice(rig.url, key, SECRETS[key])));
      try {
        const base = Date.now() - 600_000;
        const readings = 100;
        await Promise.all(
          clients.map((client, i) =>
            Promise.all(
              Array.from({ length: readings }, (_, n) =>
                client.publishAsync(
                  `devices/${keys[i]}/up/reading`,
                  // The last reading of the first plug is above its alarm's upper bound.
                  JSON.stringify({ At: new Date(base + n).toISOString(), ...plugReading, Load: i === 0 && n === readings - 1 ? 2500 : 120 }),
                  { qos: 1 },
                ),
              ),
            ),
          ),
        );
        // Mosquitto acknowledges the devices itself; the instances take the readings from it in their own time.
        const stored = () => t.database.db.select().from(deviceReadings).where(inArray(deviceReadings.key, keys));
        await waitFor(stored, (rows) => rows.length >= 2 * readings, 20_000);
        await Promise.all(clients.map((client, i) => uplinksCaughtUp([t, second], client, keys[i])));
        expect(await stored()).toHaveLength(2 * readings);
        const applied = t.app.deviceGateway.applied + second.app.deviceGateway.applied - before;
        expect(applied).toBe(2 * readings);
        expect(t.app.deviceGateway.applied).toBeGreaterThan(0);
        expect(second.app.deviceGateway.applied).toBeGreaterThan(0);
        const alarmMails = async () => (await mailsTo(t, user.email)).filter((mail) => /load/i.test(mail.Subject + mail.Text));
        await waitFor(alarmMails, (mails) => mails.length > 0, 20_000);
        // Until the outbox holds none of the user's jobs: a job two workers had both taken would be sent by then.
        const userJobs = () => t.database.db.select().from(jobs).where(sql`${jobs.payload}->>'userId' = ${user.id}`);
        await waitFor(userJobs, (rows) => rows.length === 0, 20_000);
        expect(await alarmMails()).toHaveLength(1);
      } finally {
        await Promise.all(clients.map((client) => client.endAsync(true)));
      }
    });
  });

  // Issue 27: after a restart of a Mosquitto with persistence, mqtt.js came back with sessionPresent and did not
  // subscribe again (Mosquitto does not keep shared subscriptions), so nothing was stored while readiness said 200.
  describe('a Mosquitto restart (persistence on)', () => {
    let mosquitto: Mosquitto;
    let t: TestApp;
    beforeAll(async () => {
      mosquitto = await startMosquitto(SECRETS, { 'paddock-server-1': randomBytes(12).toString('hex') }, { persistence: true });
      t = await createTestApp({ ...APP_OVERRIDES, mqttUrl: mosquitto.serverUrl('paddock-server-1') }, { devices: true });
    }, APP_START_TIMEOUT_MS);
    afterAll(async () => {
      await t.close();
      await mosquitto.stop();
    });

    it('is followed by new subscriptions: readings are stored again, and readiness is 200 only once subscribed', async () => {
      const user = await createUser(t);
      const token = await signIn(t, user.email, user.password);
      const key = demoKey('smartplug', 5);
      expect((await call(t.app, 'POST', `/api/users/${user.id}/smartplugs`, { token, body: { Imei: key, Name: 'Restart' } })).statusCode).toBe(201);
      const reading = (At: string) =>
        JSON.stringify({ At, Load: 120, Consumption: 35012, Temperature: 4.5, SignalStrength: 78, PowerEnabled: true, MainsPower: true });
      const stored = (At: string) => t.database.db.select().from(deviceReadings).where(eq(deviceReadings.at, new Date(At)));
      const ready = async () => (await call(t.app, 'GET', '/api/health/ready')).statusCode;
      expect(await ready()).toBe(200);

      await mosquitto.restart();
      // Not ready until subscribed again (a 200 now would be the lie of the issue, unless it has subscribed already).
      const states = [t.app.deviceGateway.readiness()];
      await waitFor(async () => t.app.deviceGateway.readiness(), (state) => (states.push(state), state.problems.length === 0), 10_000);
      expect(states.some((state) => state.broker === 'down')).toBe(true);
      expect(await ready()).toBe(200);

      const device = await connectDevice(mosquitto.url, key, SECRETS[key]);
      try {
        const At = new Date(Date.now() - 1000).toISOString();
        await device.publishAsync(`devices/${key}/up/reading`, reading(At), { qos: 1 });
        await waitFor(() => stored(At), (rows) => rows.length === 1, 10_000);
      } finally {
        await device.endAsync(true);
      }
    });
  });
}
