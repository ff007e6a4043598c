import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REGISTRATION_TRIAL_DAYS } from '@paddock/shared/domain';
import { CONFIG_DOCS, configDocsMarkdown, loadConfig, publicUrl } from './config';
import { CONFIG_FILES, staleness } from './configFiles';

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const config = loadConfig({}, '/srv/paddock');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/paddock/data',
      databaseUrl: null,
      smtpUrl: null,
      production: false,
      // Nothing published: the first start generates the passwords and the demo device secret.
      admin: { email: 'admin@paddock.local', password: null },
      demo: { email: 'demo@paddock.local', password: null },
      demoDeviceSecret: null,
      mqttLimits: { maxPacketBytes: 64 * 1024, connectTimeoutSeconds: 10, signInFailuresPerKey: 10, signInFailuresPerIp: 500 },
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
      renewalIntervalSeconds: 60,
      registrationTrialDays: REGISTRATION_TRIAL_DAYS,
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
        TRUST_PROXY: '1',
        WEB_ROOT: 'web',
      },
      '/srv',
    );
    expect(config.port).toBe(9000);
    expect(loadConfig({ MQTT_PORT: '1883' }, '/srv').mqttPortIsDefault).toBe(false);
    expect(config.dataDir).toBe('memory://');
    expect(config.databaseUrl).toBe('postgres://u:p@db/paddock');
    expect(config.databaseDirectUrl).toBeNull();
    // Behind PgBouncer: the direct connection for LISTEN and migrations; alone it means nothing (PGlite).
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@bouncer/paddock', DATABASE_DIRECT_URL: 'postgres://u:p@db/paddock' }).databaseDirectUrl).toBe('postgres://u:p@db/paddock');
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://u:p@db/paddock' })).toThrow('DATABASE_DIRECT_URL is set without DATABASE_URL');
    expect(config.demo).toBeNull();
    expect(config.admin.email).toBe('boss@farm.example');
    expect(config.rateLimits.signIn).toEqual({ perEmail: 3, perIp: 50, perEmailCeiling: 100 });
    expect(config.rateLimits.registerDevice).toEqual({ perEmail: 20, perIp: 50 });
    // A guess counts once per live code of the address (up to 3 sign-ups' and an e-mail change's): a low ceiling.
    expect(loadConfig({}).rateLimits.verifyEmail).toEqual({ perEmail: 10, perIp: 50, perEmailCeiling: 20 });
    expect(config.remoteUrls.devices).toBe('https://cdn.example/devices/mf-manifest.json');
    expect(config.remoteUrls.account).toBe('/remotes/account/mf-manifest.json');
    expect(config.trustProxy).toBe(1);
    expect(config.webRoot).toBe('/srv/web');
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses a bare on', () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,::1,loopback,fd00::/8 ' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'loopback', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/TRUST_PROXY.*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow('TRUST_PROXY');
  });

  it('takes AMQP_URL (the uplink queue) only beside MQTT_URL, as an amqp URL', () => {
    expect(loadConfig({}).amqpUrl).toBeNull();
    const amqpUrl = 'amqp://paddock-server:pw@broker:5672';
    expect(loadConfig({ MQTT_URL: 'mqtt://paddock-server:pw@broker:1883', AMQP_URL: amqpUrl }).amqpUrl).toBe(amqpUrl);
    expect(() => loadConfig({ AMQP_URL: amqpUrl })).toThrow('AMQP_URL needs MQTT_URL');
    expect(() => loadConfig({ MQTT_URL: 'mqtt://broker:1883', AMQP_URL: 'http://broker:15672' })).toThrow('amqp://');
  });

  it('reads the HTTP time-outs, headers within the request time-out', () => {
    expect(loadConfig({}).timeouts).toEqual({ request: 70, headers: 10, idle: 70, keepAlive: 72 });
    const equal = { REQUEST_TIMEOUT_SECONDS: '65', HEADERS_TIMEOUT_SECONDS: '65' };
    expect(loadConfig(equal).timeouts).toMatchObject({ request: 65, headers: 65 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '65', HEADERS_TIMEOUT_SECONDS: '66' })).toThrow('HEADERS_TIMEOUT_SECONDS');
    expect(() => loadConfig({ IDLE_TIMEOUT_SECONDS: '0' })).toThrow('IDLE_TIMEOUT_SECONDS');
    // Issue 30: a request or idle time-out at or below a device command's wait cuts the connection before its 408.
    expect(() => loadConfig({ IDLE_TIMEOUT_SECONDS: '60' })).toThrow('IDLE_TIMEOUT_SECONDS (60) must be above the 60 s');
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '30' })).toThrow('REQUEST_TIMEOUT_SECONDS (30) must be above the 60 s');
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

  it('takes REGISTRATION_TRIAL_DAYS as a positive number of days, fractions included', () => {
    expect(loadConfig({ REGISTRATION_TRIAL_DAYS: '14' }).registrationTrialDays).toBe(14);
    expect(loadConfig({ REGISTRATION_TRIAL_DAYS: ' 0.0005 ' }).registrationTrialDays).toBe(0.0005);
    for (const bad of ['0', '0.0', '-1', 'a month', '1e3', '.5', 'Infinity']) {
      expect(() => loadConfig({ REGISTRATION_TRIAL_DAYS: bad })).toThrow(`REGISTRATION_TRIAL_DAYS must be a number above 0, got "${bad}"`);
    }
  });

  it.each([
    ['PORT', 'eighty'],
    ['TOKEN_TTL_HOURS', '0'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['MQTT_PORT', '-1'],
    ['OFFLINE_SWEEP_SECONDS', '0'],
    ['SIMULATOR_INTERVAL_SECONDS', 'often'],
    ['MQTT_MAX_PACKET_KB', '0'],
    ['MQTT_CONNECT_TIMEOUT_SECONDS', 'soon'],
    ['MQTT_SIGN_IN_FAILURES_IP', '-5'],
  ])('names %s when its value %s is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  describe('NODE_ENV=production', () => {
    const strong = 'Kq7-vT2m-Xw9p-Lr4z';
    /** What every production start needs besides the secrets: its address, and a provider (here the demo opt-in). */
    const needed = { PUBLIC_URL: 'https://paddock.example.com', PAYMENT_TEST_MODE: 'on', PADDOCK_EMBEDDED: 'database,broker,mailbox' };
    const production = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', ...needed, ...env }, '/srv');
    const live = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_51abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

    // Issue 26: production started on the built-in provider, which serves every purchase without a card and invoices it paid.
    it.each<Record<string, string>>([{}, { PAYMENT_PROVIDER: 'builtin' }, { PAYMENT_TEST_MODE: 'off' }])(
      'refuses the built-in provider (%j) unless PAYMENT_TEST_MODE is on, naming PAYMENT_PROVIDER and the opt-in',
      (env) => {
        const refused = () => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: needed.PUBLIC_URL, PADDOCK_EMBEDDED: needed.PADDOCK_EMBEDDED, ...env }, '/srv');
        expect(refused).toThrow(/^PAYMENT_PROVIDER must be stripe with NODE_ENV=production.*PAYMENT_TEST_MODE=on/);
        expect(production(env.PAYMENT_PROVIDER ? env : {})).toMatchObject({ payments: { provider: 'builtin' }, paymentTestMode: true });
        expect(loadConfig(env).payments).toEqual({ provider: 'builtin' }); // outside production it is the default
      },
    );

    it.each(['sk_test_51abc', 'rk_test_51abc'])('refuses the Stripe test key %s unless PAYMENT_TEST_MODE is on, naming STRIPE_SECRET_KEY', (key) => {
      const env = { ...live, STRIPE_SECRET_KEY: key };
      expect(() => production({ ...env, PAYMENT_TEST_MODE: 'off' })).toThrow(/^STRIPE_SECRET_KEY is a Stripe test key .*PAYMENT_TEST_MODE=on/);
      expect(production(env).payments).toMatchObject({ provider: 'stripe', stripe: { secretKey: key } });
      expect(production({ ...live, PAYMENT_TEST_MODE: 'off' })).toMatchObject({ payments: { provider: 'stripe' }, paymentTestMode: false });
    });

    it('needs PUBLIC_URL, an https address', () => {
      expect(() => production({ PUBLIC_URL: '' })).toThrow(/^PUBLIC_URL must be set with NODE_ENV=production/);
      expect(() => production({ PUBLIC_URL: 'http://paddock.example.com' })).toThrow(/^PUBLIC_URL must be an https address/);
      expect(production({ PUBLIC_URL: 'https://Paddock.example.com/' }).publicUrl).toBe('https://paddock.example.com');
    });

    it('serves no API docs unless API_DOCS is on', () => {
      expect(production().apiDocs).toBe(false);
      expect(production({ API_DOCS: 'on' }).apiDocs).toBe(true);
      expect(loadConfig({}).apiDocs).toBe(true);
      expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
      expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/^API_DOCS must be on or off/);
    });

    it('seeds no demo data unless SEED_DEMO is on, and needs DEMO_DEVICE_SECRET then', () => {
      expect(production()).toMatchObject({ production: true, demo: null, admin: { password: null } });
      expect(loadConfig({ NODE_ENV: 'development' }).production).toBe(false);
      expect(() => production({ SEED_DEMO: 'on' })).toThrow(/^DEMO_DEVICE_SECRET must be set/);
      expect(production({ SEED_DEMO: 'on', DEMO_DEVICE_SECRET: strong })).toMatchObject({ demo: { email: 'demo@paddock.local' }, demoDeviceSecret: strong });
    });

    it.each([
      ['ADMIN_PASSWORD', 'short-pw', 'shorter than 12'],
      ['ADMIN_PASSWORD', 'paddock-admin-2026', 'published'],
      ['ADMIN_PASSWORD', 'password1234', 'common'],
      ['ADMIN_PASSWORD', 'aaaaaaaaaaaaaaaa', 'common'],
      ['DEMO_PASSWORD', 'paddock-demo-2026', 'published'],
      ['DEMO_DEVICE_SECRET', 'paddock-demo-devices', 'published'],
      ['BROKER_SECRET', 'broker', 'shorter than 12'],
    ])('refuses a weak %s (%s)', (name, value, problem) => {
      const env = { SEED_DEMO: 'on', ADMIN_PASSWORD: strong, DEMO_DEVICE_SECRET: strong, [name]: value };
      expect(() => production(env)).toThrow(new RegExp(`^${name} .*${problem}`));
      expect(() => loadConfig(env)).not.toThrow(); // outside production a weak value is the operator's choice
    });

    it('takes strong secrets', () => {
      expect(production({ ADMIN_PASSWORD: strong }).admin.password).toBe(strong);
      expect(production({ BROKER_SECRET: strong }).brokerSecret).toBe(strong);
      expect(loadConfig({}).brokerSecret).toBeNull();
    });
  });

  describe('PUBLIC_URL', () => {
    it('is http://localhost:{PORT} by default, the port filled in', () => {
      expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
      expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
      expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:{PORT}', PORT: '9001' }).publicUrl).toBe('http://127.0.0.1:9001');
    });

    it('is an origin: the trailing slash goes, a path, query, credentials or another scheme are refused naming it', () => {
      expect(publicUrl('https://paddock.example.com/', 8080, true)).toBe('https://paddock.example.com');
      expect(publicUrl('https://paddock.example.com:8443', 8080, true)).toBe('https://paddock.example.com:8443');
      for (const bad of ['https://paddock.example.com/app', 'https://x.example?a=1', 'https://u:p@x.example', 'ftp://x.example', 'paddock.example.com', 'javascript:alert(1)']) {
        expect(() => publicUrl(bad, 8080, false)).toThrow(/^PUBLIC_URL: /);
      }
      expect(() => publicUrl(null, 8080, true)).toThrow(/^PUBLIC_URL must be set/);
      expect(publicUrl(null, 8080, false)).toBe('http://localhost:8080');
    });
  });

  it('documents every variable once, as a markdown table', () => {
    const names = CONFIG_DOCS.map((doc) => doc.name);
    expect(new Set(names).size).toBe(names.length);
    const table = configDocsMarkdown().split('\n');
    expect(table[0]).toBe('| Variable | Default | Meaning |');
    expect(table).toHaveLength(names.length + 2);
    expect(table).toContain('| `DATABASE_URL` | (unset) | PostgreSQL connection URL; when set, used instead of the embedded PGlite (secret: or from the file `DATABASE_URL_FILE` names) |');
    expect(table).toContain(`| \`PORT\` | \`8080\` | ${CONFIG_DOCS[0].meaning} |`); // not a secret: no note
  });

  it('is the table docs/configuration.md shows, as `npm run docs:config` writes it, so the docs never drift', () => {
    const page = CONFIG_FILES.find((file) => file.path === 'docs/configuration.md')!;
    const written = readFileSync(path.join(__dirname, '..', '..', page.path), 'utf8');
    expect(staleness(page, written)).toBeNull();
    expect(written).toContain(configDocsMarkdown());
  });
});
