import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { cliDemoDeviceSecret, cliSettings, SIMULATOR_CONFIG } from './cli';
import { KNOWN_VARIABLES, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { loadDemoDeviceSecret } from '../devices/inventory';
import { APP_START_TIMEOUT_MS, openTestDatabase } from '../testing/testApp';

describe('npm run simulate settings', () => {
  let dir: string;
  let secretFile: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'paddock-simulate-'));
    secretFile = path.join(dir, 'secret');
    writeFileSync(secretFile, 'postgres://from-file@db:5432/paddock\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to the local broker and 10 s, with no secret of its own', () => {
    expect(cliSettings({})).toEqual({ url: 'mqtt://127.0.0.1:1883', intervalSeconds: 10, demoDeviceSecret: null, databaseUrl: null });
  });

  it('takes MQTT_URL (else MQTT_PORT), SIMULATOR_INTERVAL_SECONDS and DEMO_DEVICE_SECRET from the environment', async () => {
    expect(cliSettings({ MQTT_PORT: '1884' }).url).toBe('mqtt://127.0.0.1:1884');
    const settings = cliSettings({ MQTT_URL: 'mqtt://broker:1883', MQTT_PORT: '1884', SIMULATOR_INTERVAL_SECONDS: '3', DEMO_DEVICE_SECRET: 'other' });
    expect(settings).toEqual({ url: 'mqtt://broker:1883', intervalSeconds: 3, demoDeviceSecret: 'other', databaseUrl: null });
    expect(await cliDemoDeviceSecret(cliSettings({ DEMO_DEVICE_SECRET: ' other ' }))).toBe('other');
  });

  it('takes secrets from NAME_FILE, relative to the directory given, as the server does', () => {
    const settings = cliSettings({ DEMO_DEVICE_SECRET_FILE: 'secret', DATABASE_URL_FILE: secretFile }, dir);
    expect(settings).toMatchObject({ demoDeviceSecret: 'postgres://from-file@db:5432/paddock', databaseUrl: 'postgres://from-file@db:5432/paddock' });
  });

  // docs/configuration.md: one declaration. Each declared variable that changes what the server's own simulator runs
  // on (the Config fields SIMULATOR_CONFIG names) must change the CLI's settings too; one parsed by hand and
  // forgotten here fails.
  it('honours every declared variable that changes the simulator’s part of the server’s configuration', () => {
    const part = (env: Record<string, string>) => {
      const config = loadConfig(env, dir);
      return Object.fromEntries(SIMULATOR_CONFIG.map((field) => [field, config[field]]));
    };
    const samples = ['2', '7', 'on', 'off', 'mqtt://other:1884', 'postgres://u@other:5432/db', 'S3cret-'.repeat(6), secretFile];
    const baseline = { part: part({}), cli: cliSettings({}, dir) };
    const honoured: string[] = [];
    for (const name of KNOWN_VARIABLES) {
      for (const value of samples) {
        let changed: boolean;
        try {
          changed = !isDeepStrictEqual(part({ [name]: value }), baseline.part);
        } catch {
          continue; // a value the server refuses for this variable
        }
        if (!changed) continue;
        if (isDeepStrictEqual(cliSettings({ [name]: value }, dir), baseline.cli)) throw new Error(`npm run simulate ignores ${name}=${value}`);
        honoured.push(name);
        break;
      }
    }
    expect(honoured).toEqual(
      expect.arrayContaining([
        'MQTT_URL',
        'MQTT_URL_FILE',
        'MQTT_PORT',
        'SIMULATOR_INTERVAL_SECONDS',
        'DEMO_DEVICE_SECRET',
        'DEMO_DEVICE_SECRET_FILE',
        'DATABASE_URL',
        'DATABASE_URL_FILE',
      ]),
    );
  });

  it('names the variable when one is bad, as the server does', () => {
    for (const bad of ['0', '-1', 'ten', '2.5', '86401']) {
      expect(() => cliSettings({ SIMULATOR_INTERVAL_SECONDS: bad })).toThrow(/SIMULATOR_INTERVAL_SECONDS/);
    }
    expect(() => cliSettings({ MQTT_PORT: 'x' })).toThrow(/MQTT_PORT/);
  });

  it('without DEMO_DEVICE_SECRET on the embedded database, says what to set instead of opening the server’s database', async () => {
    await expect(cliDemoDeviceSecret(cliSettings({ DATA_DIR: './data' }))).rejects.toThrow(/DEMO_DEVICE_SECRET.*DATABASE_URL/);
  });
});

// The server's PostgreSQL database holds the generated secret; the simulator on its own reads the same one.
// Registered only in the PostgreSQL run (PGlite cannot be shared with a second process).
if (process.env.PADDOCK_TEST_DB === 'postgres') describe('npm run simulate on PostgreSQL', () => {
  it('reads the demo device secret the server generated, and says when there is none yet', async () => {
    const { database, databaseUrl, dispose } = await openTestDatabase();
    try {
      await migrate(database);
      await expect(cliDemoDeviceSecret({ demoDeviceSecret: null, databaseUrl: databaseUrl! })).rejects.toThrow(/no demo device secret yet/);
      const generated = await loadDemoDeviceSecret(database.db, { demoDeviceSecret: null, now: () => new Date() });
      expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await cliDemoDeviceSecret({ demoDeviceSecret: null, databaseUrl: databaseUrl! })).toBe(generated);
    } finally {
      await dispose();
    }
  }, APP_START_TIMEOUT_MS);
});
