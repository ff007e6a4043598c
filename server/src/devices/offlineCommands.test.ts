// A command to a plug the server knows is offline is answered at once (docs/product/errors.md, device_offline), and
// the timer and thermostat carry the farmer's time zone through the wire and down/config (docs/protocol.md "Time zones").
import type { Smartplug, Smartplug2 } from '@paddock/shared/contract';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { devices } from '../db/schema';
import { translate } from '../i18n/messages';
import { connectDevice, nextMessage, registeredPlug } from '../testing/devices';
import { FakeTimers } from '../testing/fakeTimers';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, testConfig, type TestApp } from '../testing/testApp';
import { demoInventory } from './inventory';

const SECRETS = Object.fromEntries(demoInventory(testConfig()).map((entry) => [entry.key, entry.secret]));

let t: TestApp;
let timers: FakeTimers;
let admin: string;
const clients: MqttClient[] = [];
let used = 20;

beforeAll(async () => {
  timers = new FakeTimers();
  t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true, timers });
  admin = await adminToken(t);
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

const nextPlug = (product: 'smartplug' | 'smartplug2') => registeredPlug(t, product, ++used);

const markOffline = (key: string, lastSeenAt: Date | null) =>
  t.database.db.update(devices).set({ offline: true, lastSeenAt }).where(eq(devices.key, key));

describe('a command to an offline plug', () => {
  it('SmartPlug power: 409 device_offline at once, naming the setting and when it was last seen, in the caller language', async () => {
    const { owner, key, path } = await nextPlug('smartplug');
    await markOffline(key, new Date('2026-03-02T06:30:00Z'));
    const response = await call(t.app, 'PUT', `${path}/power-enabled`, { token: owner.token, body: { Enabled: false } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ Error: 'device_offline', Field: 'PowerEnabled' });
    expect(response.json().Message).toMatch(/offline \(last report: .*2026.*06:30 UTC\)/);
    expect(timers.waiting).toEqual([]); // nothing is waiting for an ack
    // The signed-in user's language (en-GB here); the other three say the same.
    expect(translate('de-DE', 'device_offline', { time: '2. März 2026' })).toMatch(
      /^Die Steckdose ist offline \(letzte Meldung: 2. März 2026\)/,
    );
    // Nothing changed.
    expect((await call(t.app, 'GET', path, { token: owner.token })).json<Smartplug>().PowerEnabled).toBe(true);
  });

  it('SmartPlug2 OutputPower: 409 naming DeviceConfig.OutputPower; other settings in another save still work', async () => {
    const { owner, path, key } = await nextPlug('smartplug2');
    await markOffline(key, null);
    const response = await call(t.app, 'PATCH', path, { token: owner.token, body: { DeviceConfig: { OutputPower: false } } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ Error: 'device_offline', Field: 'DeviceConfig.OutputPower' });
    expect(response.json().Message).toMatch(/last report: none yet/);
    const settings = await call(t.app, 'PATCH', path, { token: owner.token, body: { DeviceConfig: { AuditoryFeedback: false } } });
    expect(settings.statusCode).toBe(200);
    expect(settings.json<Smartplug2>().DeviceConfig).toMatchObject({ OutputPower: true, AuditoryFeedback: false });
  });

  it('consumption reset: 409 naming Consumption', async () => {
    const { key, path } = await nextPlug('smartplug');
    await markOffline(key, new Date('2026-03-02T06:30:00Z'));
    const response = await call(t.app, 'POST', `${path}/consumption/reset`, { token: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ Error: 'device_offline', Field: 'Consumption' });
  });

  it('a plug not known to be offline is still asked (and times out after 60 s as before)', async () => {
    const { owner, path } = await nextPlug('smartplug');
    const pending = call(t.app, 'PUT', `${path}/power-enabled`, { token: owner.token, body: { Enabled: false } });
    for (let i = 0; i < 100 && timers.waiting.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(timers.waiting).toEqual([60_000]);
    timers.advance(60_000);
    expect((await pending).statusCode).toBe(408);
  });
});

describe('the time zone of the rules', () => {
  const timer = { Enabled: true, On: ['0 7 1,2,3,4,5'], Off: ['0 22 0,1,2,3,4,5,6'], TimeZone: 'Europe/Stockholm' };

  it('is saved with the timer and thermostat, shown back, and sent in down/config', async () => {
    const { owner, key, path } = await nextPlug('smartplug');
    const plug = await connectDevice(t.app.mqttBroker!.url, key, SECRETS[key]);
    clients.push(plug);
    await plug.subscribeAsync(`devices/${key}/down/config`, { qos: 1 });
    const thermostat = {
      Enabled: true,
      Triggers: [{ Days: '1', Above: false, Temperature: 3, SetPowerEnabled: true }],
      TimeZone: 'Europe/Berlin',
    };
    const config = nextMessage(plug, `devices/${key}/down/config`, (payload) => payload.includes('Europe/Stockholm'));
    const response = await call(t.app, 'PATCH', path, { token: owner.token, body: { Timer: timer, Thermostat: thermostat } });
    expect(response.statusCode).toBe(200);
    expect(response.json<Smartplug>()).toMatchObject({ Timer: timer, Thermostat: thermostat });
    expect(JSON.parse((await config).payload)).toMatchObject({ Timer: timer, Thermostat: thermostat });
  });

  it('an unknown zone is a 400 naming the field; the old UTC-only form is accepted and drops a zone saved before', async () => {
    const { owner, path } = await nextPlug('smartplug2');
    const unknown = await call(t.app, 'PATCH', path, { token: owner.token, body: { Timer: { ...timer, TimeZone: 'Europe/Atlantis' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Error: 'invalid_field', Field: 'Timer.TimeZone' });
    expect((await call(t.app, 'PATCH', path, { token: owner.token, body: { Timer: timer } })).json<Smartplug2>().Timer).toEqual(timer);
    const old = { Enabled: true, On: ['0 6 1'], Off: [] };
    const saved = await call(t.app, 'PATCH', path, { token: owner.token, body: { Timer: old } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Smartplug2>().Timer).toEqual(old);
    expect((await call(t.app, 'GET', path, { token: owner.token })).json<Smartplug2>().Timer).toEqual(old);
  });
});
