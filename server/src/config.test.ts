import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS, configDocsMarkdown, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const config = loadConfig({}, '/srv/paddock');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/paddock/data',
      databaseUrl: null,
      smtpUrl: null,
      admin: { email: 'admin@paddock.local', password: 'paddock-admin-2026' },
      demo: { email: 'demo@paddock.local', password: 'paddock-demo-2026' },
      tokenTtlHours: 24,
      rateLimitWindowMinutes: 15,
      rateLimits: { signIn: { perEmail: 10, perIp: 50 } },
      trustProxy: false,
      logLevel: 'info',
      mqttPort: 1883,
      mqttPortIsDefault: true,
      mqttUrl: null,
      simulator: true,
      simulatorIntervalSeconds: 10,
      offlineSweepSeconds: 30,
      remoteUrls: {
        account: '/remotes/account/mf-manifest.json',
        devices: '/remotes/devices/mf-manifest.json',
        billing: '/remotes/billing/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
      },
    });
    expect(config.webRoot).toBe(path.resolve(__dirname, '..', '..'));
    expect(config.now()).toBeInstanceOf(Date);
  });

  it('reads the environment', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: 'memory://',
        DATABASE_URL: 'postgres://u:p@db/paddock',
        SEED_DEMO: 'off',
        ADMIN_EMAIL: ' Boss@Farm.example ',
        RATE_LIMIT_SIGN_IN: '3',
        REMOTE_DEVICES_URL: 'https://cdn.example/devices/mf-manifest.json',
        TRUST_PROXY: 'on',
        WEB_ROOT: 'web',
      },
      '/srv',
    );
    expect(config.port).toBe(9000);
    expect(loadConfig({ MQTT_PORT: '1883' }, '/srv').mqttPortIsDefault).toBe(false);
    expect(config.dataDir).toBe('memory://');
    expect(config.databaseUrl).toBe('postgres://u:p@db/paddock');
    expect(config.demo).toBeNull();
    expect(config.admin.email).toBe('boss@farm.example');
    expect(config.rateLimits.signIn).toEqual({ perEmail: 3, perIp: 50 });
    expect(config.remoteUrls.devices).toBe('https://cdn.example/devices/mf-manifest.json');
    expect(config.remoteUrls.account).toBe('/remotes/account/mf-manifest.json');
    expect(config.trustProxy).toBe(true);
    expect(config.webRoot).toBe('/srv/web');
  });

  it('reads the Web Push settings: keys as a pair, a subject, the push services', () => {
    const defaults = loadConfig({ ADMIN_EMAIL: 'Staff@Farm.example' }, '/srv');
    expect(defaults.vapidKeys).toBeNull();
    expect(defaults.vapidSubject).toBe('mailto:staff@farm.example');
    expect(defaults.pushServiceHosts).toContain('fcm.googleapis.com');
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    const set = loadConfig({ ...keys, VAPID_SUBJECT: 'https://farm.example/contact', PUSH_SERVICE_HOSTS: ' Push.Example , *.push.example:8443 ' }, '/srv');
    expect(set.vapidKeys).toEqual({ publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY });
    expect(set.vapidSubject).toBe('https://farm.example/contact');
    expect(set.pushServiceHosts).toEqual(['push.example', '*.push.example:8443']);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow('VAPID_PRIVATE_KEY');
    expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: 'short' })).toThrow('VAPID_PUBLIC_KEY');
    expect(() => loadConfig({ VAPID_SUBJECT: 'farm.example' })).toThrow('VAPID_SUBJECT');
  });

  it.each([
    ['PORT', 'eighty'],
    ['TOKEN_TTL_HOURS', '0'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['MQTT_PORT', '-1'],
    ['OFFLINE_SWEEP_SECONDS', '0'],
    ['SIMULATOR_INTERVAL_SECONDS', 'often'],
  ])('names %s when its value %s is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('documents every variable once, as a markdown table', () => {
    const names = CONFIG_DOCS.map((doc) => doc.name);
    expect(new Set(names).size).toBe(names.length);
    const table = configDocsMarkdown().split('\n');
    expect(table[0]).toBe('| Variable | Default | Meaning |');
    expect(table).toHaveLength(names.length + 2);
    expect(table).toContain('| `DATABASE_URL` | (unset) | PostgreSQL connection URL; when set, used instead of the embedded PGlite |');
  });

  it('is the table the README shows, so the README never drifts from the code', () => {
    const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    expect(readme).toContain(configDocsMarkdown());
  });
});
