// Sunrise and sunset in plug timers (docs/product/sun-timers.md, docs/protocol.md "Sun entries"): a timer with a sun
// entry is saved only with the farm's location (400 naming Timer.Location, or the coordinate out of range), reaches the
// plug in its configuration with the location, and the plug (its rules as the simulator plays them) switches at the
// day's sunset + 30 on the local minute, on a winter and a summer date.
import type { Smartplug, Smartplug2 } from '@paddock/shared/contract';
import { decideRelay, type RelayRules } from '../simulator/relay';
import { collect, connectDevice, registeredPlug, waitFor } from '../testing/devices';
import { demoInventory } from './inventory';
import { call, setUpTestApp, testConfig, type TestApp } from '../testing/testApp';

let t: TestApp;
// A broker of its own, so the test can sign in as the plug and read the configuration it is sent.
setUpTestApp((app) => (t = app), { host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true });

// Uppsala: sunset 14:45 CET on Monday 21 December 2026, 22:16 CEST on Sunday 21 June 2026.
const UPPSALA = { Latitude: 59.8586, Longitude: 17.6389 };
const EVERY_DAY = '0,1,2,3,4,5,6';
const sunsetTimer = { Enabled: true, On: ['30 6 ' + EVERY_DAY], Off: [`sunset+30 ${EVERY_DAY}`], TimeZone: 'Europe/Stockholm' };

describe.each([
  ['smartplug', (timer: unknown) => ({ Timer: timer })],
  ['smartplug2', (timer: unknown) => ({ Timer: timer })],
] as const)('%s', (product, body) => {
  it('refuses a sun entry without the location, or with one out of range, naming the field', async () => {
    const { owner, path } = await registeredPlug(t, product, 48);
    const refused = await call(t.app, 'PATCH', path, { token: owner.token, body: body(sunsetTimer) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Error: 'missing_field', Field: 'Timer.Location' });
    for (const [Location, field] of [
      [{ Latitude: 91, Longitude: 17 }, 'Timer.Location.Latitude'],
      [{ Latitude: 59, Longitude: -180.5 }, 'Timer.Location.Longitude'],
      [{ Latitude: 59 }, 'Timer.Location.Longitude'],
      [{ Latitude: '59', Longitude: 17 }, 'Timer.Location.Latitude'],
    ] as const) {
      const bad = await call(t.app, 'PATCH', path, { token: owner.token, body: body({ ...sunsetTimer, Location }) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ Field: field });
    }
    for (const entry of ['sunset+181 1', 'sunset 1', 'sunrise+30 1,1']) {
      const bad = await call(t.app, 'PATCH', path, { token: owner.token, body: body({ ...sunsetTimer, Off: [entry], Location: UPPSALA }) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ Field: string }>().Field).toMatch(/^Timer\.Off/);
    }
  });

  it('saves it with the location, sends both to the plug, and the plug switches off at sunset + 30 local, winter and summer', async () => {
    const { owner, path, key } = await registeredPlug(t, product, 49);
    const saved = await call(t.app, 'PATCH', path, { token: owner.token, body: body({ ...sunsetTimer, Location: UPPSALA }) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Smartplug | Smartplug2>().Timer).toEqual({ ...sunsetTimer, Location: UPPSALA });

    // The plug's side: its retained configuration carries the entry and the location it computes from.
    const secret = demoInventory(testConfig()).find((entry) => entry.key === key)!.secret;
    const client = await connectDevice(t.app.mqttBroker!.url, key, secret);
    try {
      const received = collect(client);
      await client.subscribeAsync(`devices/${key}/down/config`, { qos: 1 });
      const configs = await waitFor(
        async () => received.filter((m) => m.topic.endsWith('/down/config')),
        (list) => list.length > 0,
      );
      const config = JSON.parse(configs[configs.length - 1].payload) as RelayRules;
      expect(config.Timer).toEqual({ ...sunsetTimer, Location: UPPSALA });

      const relayAt = (from: string, to: string) =>
        decideRelay(config, { from: new Date(from), to: new Date(to), temperature: null, current: true });
      // 21 December: sunset 14:45 CET, + 30 = 15:15 CET = 14:15 UTC; still on a minute before.
      expect(relayAt('2026-12-21T14:13:00Z', '2026-12-21T14:14:00Z')).toBe(true);
      expect(relayAt('2026-12-21T14:14:00Z', '2026-12-21T14:15:00Z')).toBe(false);
      // 21 June: sunset 22:16 CEST, + 30 = 22:46 CEST = 20:46 UTC.
      expect(relayAt('2026-06-21T20:44:00Z', '2026-06-21T20:45:00Z')).toBe(true);
      expect(relayAt('2026-06-21T20:45:00Z', '2026-06-21T20:46:00Z')).toBe(false);
    } finally {
      await client.endAsync();
    }

    // Without sun entries the timer keeps no location.
    const clock = await call(t.app, 'PATCH', path, {
      token: owner.token,
      body: body({ Enabled: true, On: ['0 7 1'], Off: [], TimeZone: 'Europe/Stockholm', Location: UPPSALA }),
    });
    expect(clock.statusCode).toBe(200);
    expect(clock.json<Smartplug>().Timer).toEqual({ Enabled: true, On: ['0 7 1'], Off: [], TimeZone: 'Europe/Stockholm' });
  });
});
