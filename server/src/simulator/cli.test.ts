import { cliDemoDeviceSecret, cliSettings } from './cli';
import { migrate } from '../db/migrate';
import { loadDemoDeviceSecret } from '../devices/inventory';
import { APP_START_TIMEOUT_MS, openTestDatabase } from '../testing/testApp';

describe('npm run simulate settings', () => {
  it('defaults to the local broker and 10 s, with no secret of its own', () => {
    expect(cliSettings({})).toEqual({ url: 'mqtt://127.0.0.1:1883', intervalSeconds: 10, demoDeviceSecret: null });
  });

  it('takes MQTT_URL (else MQTT_PORT), SIMULATOR_INTERVAL_SECONDS and DEMO_DEVICE_SECRET from the environment', async () => {
    expect(cliSettings({ MQTT_PORT: '1884' }).url).toBe('mqtt://127.0.0.1:1884');
    const settings = cliSettings({ MQTT_URL: 'mqtt://broker:1883', MQTT_PORT: '1884', SIMULATOR_INTERVAL_SECONDS: '3', DEMO_DEVICE_SECRET: 'other' });
    expect(settings).toEqual({ url: 'mqtt://broker:1883', intervalSeconds: 3, demoDeviceSecret: 'other' });
    expect(await cliDemoDeviceSecret({ DEMO_DEVICE_SECRET: ' other ' })).toBe('other');
  });

  it('names SIMULATOR_INTERVAL_SECONDS when it is not a whole number of seconds from 1 to a day', () => {
    for (const bad of ['0', '-1', 'ten', '2.5', '86401']) {
      expect(() => cliSettings({ SIMULATOR_INTERVAL_SECONDS: bad })).toThrow(/SIMULATOR_INTERVAL_SECONDS/);
    }
  });

  it('without DEMO_DEVICE_SECRET on the embedded database, says what to set instead of opening the server’s database', async () => {
    await expect(cliDemoDeviceSecret({ DATA_DIR: './data' })).rejects.toThrow(/DEMO_DEVICE_SECRET.*DATABASE_URL/);
  });
});

// The server's PostgreSQL database holds the generated secret; the simulator on its own reads the same one.
// Registered only in the PostgreSQL run (PGlite cannot be shared with a second process).
if (process.env.PADDOCK_TEST_DB === 'postgres') describe('npm run simulate on PostgreSQL', () => {
  it('reads the demo device secret the server generated, and says when there is none yet', async () => {
    const { database, databaseUrl, dispose } = await openTestDatabase();
    try {
      await migrate(database);
      await expect(cliDemoDeviceSecret({ DATABASE_URL: databaseUrl! })).rejects.toThrow(/no demo device secret yet/);
      const generated = await loadDemoDeviceSecret(database.db, { demoDeviceSecret: null, now: () => new Date() });
      expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await cliDemoDeviceSecret({ DATABASE_URL: databaseUrl! })).toBe(generated);
    } finally {
      await dispose();
    }
  }, APP_START_TIMEOUT_MS);
});
